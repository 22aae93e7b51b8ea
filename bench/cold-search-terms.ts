import { adjectives, catalogTree, colours } from '../apps/server/src/scripts/seed-bulk-data.js';

// The cold-search mix of the benches (reads-vs-bare, cold-statements): each word of the seeded products' names, and
// pairs that name products (an adjective or a colour with a word of a noun).

/** Lower-case words of names, three letters or more, each once. */
function words(names: string[]): string[] {
  return [
    ...new Set(
      names.flatMap((name) => name.toLowerCase().split(/\s+/)).filter((word) => /^[a-z]{3,}$/.test(word)),
    ),
  ];
}

const nounWords = words(
  Object.values(catalogTree).flatMap((subs) =>
    Object.values(subs).flatMap((children) => Object.values(children).flat()),
  ),
);

export const searchTerms = [
  ...new Set([
    ...nounWords,
    ...words(adjectives),
    ...words(colours),
    ...words(adjectives).flatMap((adjective) => nounWords.map((noun) => `${adjective} ${noun}`)),
    ...nounWords.flatMap((noun) => words(colours).map((colour) => `${noun} ${colour}`)),
  ]),
];
