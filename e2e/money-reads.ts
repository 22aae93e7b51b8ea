import type { Locator } from 'playwright-core';
import { apiFetch } from './api-fetch';

// What the money journeys read off the screens and the API (money.e2e.ts, pay-on-delivery.e2e.ts): naira as kobo,
// a screen's figures, and fetch that asks again when the embedded database is busy.

/**
 * fetch, again after the Retry-After a busy embedded database answers with (503, ADR 054): it sheds a request
 * before doing anything, so asking again is what a real client does, and changes nothing twice.
 */
export async function fetchWhenNotBusy(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await apiFetch(url, init);
    if (response.status !== 503 || attempt === 5) return response;
    await new Promise((resolve) =>
      setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)),
    );
  }
}

export async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** "₦1,234.50" (or "−₦…") as kobo. */
export function kobo(text: string): number {
  const negative = /^[−-]/.test(text.trim());
  const digits = text.replace(/[^\d.]/g, '');
  const [naira = '0', fraction = ''] = digits.split('.');
  const value = Number(naira) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** Every figure (dt → dd) in a part of a screen, once it shows naira amounts. */
export async function figures(part: Locator): Promise<Record<string, number>> {
  await part.locator('dd').filter({ hasText: '₦' }).first().waitFor();
  const pairs = await part.evaluate((element) =>
    [...element.querySelectorAll('dt')].map((dt) => [
      dt.textContent?.trim() ?? '',
      dt.nextElementSibling?.textContent?.trim() ?? '',
    ]),
  );
  return Object.fromEntries(pairs.filter(([, value]) => value.includes('₦')).map(([k, v]) => [k, kobo(v!)]));
}

/** A figure whose label starts with `prefix` (the commission's label carries its rate). */
export function pick(all: Record<string, number>, prefix: string): number {
  const key = Object.keys(all).find((label) => label.startsWith(prefix));
  if (key === undefined) throw new Error(`no figure "${prefix}" among ${Object.keys(all).join(', ')}`);
  return all[key]!;
}

export const nairaFormat = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** Kobo as the screens write naira, for the journey's printed figures. */
export const naira = (amount: number) => `₦${nairaFormat.format(amount / 100)}`;
