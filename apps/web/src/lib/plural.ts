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

/** The count and its noun: "1 item", "0 items", "1,250 stores". */
export function pluralize(count: number, noun: Noun): string {
  const text = Number.isInteger(count)
    ? String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : formatNumber(count, 3);
  return `${text} ${nounFor(count, noun)}`;
}
