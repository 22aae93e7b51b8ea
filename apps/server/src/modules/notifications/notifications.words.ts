import { type AccountKind, formatNaira } from '@market/contracts';
import type { Wording } from './notifications.wording.js';

// What every kind's wording is made of: the parameters an event carries, how an amount, a count and a wait are said,
// and the screen of an order for each kind of account.

export type Words = Omit<Wording, 'whatsapp'>;

export type Params = Record<string, string | number | null>;

export const text = (params: Params, key: string, fallback = ''): string => {
  const value = params[key];
  return value === null || value === undefined ? fallback : String(value);
};
export const kobo = (params: Params, key: string): number => Number(params[key] ?? 0);
/** `NGN 12,500.00`: the SMS spelling of an amount, which keeps the message in the 7-bit alphabet. */
export const smsNaira = (amount: number) => formatNaira(amount).replace('₦', 'NGN ');
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A wait as a person says it: "45 minutes", "5 hours 5 minutes", "3 days" (never "305 minutes"). */
export function waitedFor(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return plural(whole, 'minute', 'minutes');
  if (whole < 48 * 60) {
    const hours = Math.floor(whole / 60);
    const rest = whole % 60;
    return rest === 0
      ? plural(hours, 'hour', 'hours')
      : `${plural(hours, 'hour', 'hours')} ${plural(rest, 'minute', 'minutes')}`;
  }
  return plural(Math.floor(whole / (24 * 60)), 'day', 'days');
}

/** The screen of an order for each kind of account that sees orders. */
export function orderLink(account: AccountKind, orderId: string): string {
  switch (account) {
    case 'merchant':
      return `/merchant/orders/${orderId}`;
    case 'admin':
      return `/admin/orders/${orderId}`;
    case 'partner':
      return `/shipping-partner/orders/${orderId}`;
    case 'customer':
      return `/account/orders/${orderId}`;
  }
}

/** What a kind's words are made from: the event's parameters, who reads them, and the parts most kinds say. */
export interface About {
  params: Params;
  account: AccountKind;
  /** The order's number, or "your order". */
  order: string;
  orderId: string;
  /** The store's name, or "the store". */
  store: string;
  /** A reason given by a person, quoted as it was given. */
  reason: string;
  /** The reason as a sentence to append (" Reason: …"), or nothing. */
  because: string;
}

/** One kind's words, for the account that receives it. */
export type Say = (about: About) => Words;
