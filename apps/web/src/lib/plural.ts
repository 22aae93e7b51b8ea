/**
 * Counts with their noun, in English as Nigerians write it: "1 item", "2 items", "1,250 stores". A noun is its
 * singular ("item", the plural adds an s) or both forms (["activity", "activities"]).
 */
export type Noun = string | readonly [one: string, other: string];

const rules = new Intl.PluralRules('en-NG');
const numbers = new Intl.NumberFormat('en-NG');

/** The form of the noun that goes with the count: "item" for 1, "items" for 0, 2, 1.5… */
export function nounFor(count: number, noun: Noun): string {
  const [one, other] = typeof noun === 'string' ? [noun, `${noun}s`] : noun;
  return rules.select(count) === 'one' ? one : other;
}

/** The count and its noun: "1 item", "0 items", "1,250 stores". */
export function pluralize(count: number, noun: Noun): string {
  return `${numbers.format(count)} ${nounFor(count, noun)}`;
}
