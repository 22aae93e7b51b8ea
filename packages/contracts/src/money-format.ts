// No zod here: the web app's public pages format money without loading the schema library.
/**
 * The one place money changes form: integer kobo inside, naira with at most 2 decimals outside.
 * Conversion works on the decimal text of the number, so no floating-point arithmetic touches an amount.
 */
export function nairaToKobo(naira: number | string): number {
  const text = typeof naira === 'number' ? numberToPlainString(naira) : naira.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a naira amount with at most 2 decimals: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Amount too large: ${text}`);
  return sign === '-' ? -kobo : kobo;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value) || value === 0) return String(value);
  // Avoid exponent notation for very small or large numbers; 2 decimals are all that is ever allowed.
  return Math.abs(value) < 1e21 && Math.abs(value) >= 1e-6 ? String(value) : value.toFixed(20);
}

/**
 * The largest kobo amount an answer can carry exactly: 2^46 naira (about ₦70 trillion). Up to there a naira number
 * with 2 decimals is a JSON double that no neighbouring amount shares (its spacing is at most 1/128); kobo itself
 * is exact in a JavaScript number a little further, to 2^53 − 1 (ADR 063).
 */
export const MAX_EXACT_KOBO = 2 ** 46 * 100;

/**
 * Naira as a number for JSON answers (12500.5 for 1250050 kobo). Every figure an answer carries passes here, so an
 * amount past MAX_EXACT_KOBO fails loudly instead of showing a rounded one.
 */
export function koboToNaira(kobo: number): number {
  if (!Number.isInteger(kobo)) throw new RangeError(`Kobo must be an integer: ${kobo}`);
  if (Math.abs(kobo) > MAX_EXACT_KOBO)
    throw new RangeError(`Kobo amount too large to answer exactly: ${kobo}`);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return Number(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/**
 * `12,500` from 12500: Nigerian English groups thousands with commas. Not Intl.NumberFormat: building one loads the
 * locale's data, about 14 ms on a mid-range phone before a public page can hydrate (ADR 032).
 */
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `₦12,500.00` from 1250000 kobo: the one way to show an amount. */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  const grouped = groupThousands(whole);
  return `${sign}₦${grouped}.${fraction}`;
}
