/**
 * Counts with their noun, in English as Nigerians write it: "1 item", "2 items", "1,250 stores". A noun is its
 * singular ("item", the plural adds an s) or both forms (["activity", "activities"]).
 */
export type Noun = string | readonly [one: string, other: string];

import { formatNumber } from './numbers';

/**
 * The form of the noun that goes with the count: "item" for 1, "items" for 0, 2, 1.5… English's plural rule (what
 * Intl.PluralRules('en-NG') answers), written out: building the Intl objects at start-up loads the locale's data,
 * milliseconds a phone spends before a public page can hydrate (ADR 032).
 */
export function nounFor(count: number, noun: Noun): string {
  const [one, other] = typeof noun === 'string' ? [noun, `${noun}s`] : noun;
  return Math.abs(count) === 1 ? one : other;
}

/**
 * The count and its noun: "1 item", "0 items", "1,250 stores". An estimated count (a listing's total the server did
 * not count to the end) reads "about 12,400 products": three significant figures, as close as an estimate is.
 */
export function pluralize(count: number, noun: Noun, options: { estimated?: boolean } = {}): string {
  const shown = options.estimated ? roughly(count) : count;
  const text = Number.isInteger(shown)
    ? String(shown).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : formatNumber(shown, 3);
  return `${options.estimated ? 'about ' : ''}${text} ${nounFor(shown, noun)}`;
}

/** A whole count to three significant figures: 12,437 → 12,400; 987 stays 987. */
function roughly(count: number): number {
  const digits = Math.floor(Math.log10(Math.max(1, Math.abs(count)))) + 1;
  const step = 10 ** Math.max(0, digits - 3);
  return Math.round(count / step) * step;
}
