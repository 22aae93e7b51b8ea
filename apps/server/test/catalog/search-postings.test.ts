import type { ProductSort } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import {
  type IndexedProduct,
  SearchPostings,
  selectNth,
} from '../../src/modules/catalog/search-index/postings.js';
import { conjunctionOf } from '../../src/modules/catalog/search-index/search-index.js';

// The search index's memory (ADR 116) against the plainest statement of what it must answer: every product carrying
// every word, sorted by the SQL's order and cut. Random catalogs with many ties, words common enough to carry bits
// and rare enough not to, products written again and hidden, and enough of them gone to be squeezed out.

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const hex = (value: number) => value.toString(16).padStart(8, '0');
const words = ['bag', 'red', 'oil', 'palm', 'gold', 'kettle', 'rare', 'wooden'];
/** How often each word is carried: 'bag' by most, 'rare' by few. */
const frequency = [0.6, 0.3, 0.2, 0.1, 0.05, 0.03, 0.004, 0.08];

function productOf(next: () => number, id: string): IndexedProduct {
  return {
    id,
    lexemes: words.filter((_, index) => next() < frequency[index]!),
    // Few distinct values in every key: ties are the rule, broken by the id.
    createdMicros: 1_700_000_000_000_000 + Math.floor(next() * 50),
    priceKobo: Math.floor(next() * 40) * 100,
    salesCount: Math.floor(next() * 10),
    ratingHundredths: [0, 375, 450, 500][Math.floor(next() * 4)]!,
    ratingCount: Math.floor(next() * 3),
  };
}

/** The SQL's order of each sort (`customerOrder`), as plain comparisons. */
function expected(products: Map<string, IndexedProduct>, lexemes: string[], sort: ProductSort): string[] {
  const matching = [...products.values()].filter((product) =>
    lexemes.every((lexeme) => product.lexemes.includes(lexeme)),
  );
  const byId = (a: IndexedProduct, b: IndexedProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const orders: Record<ProductSort, (a: IndexedProduct, b: IndexedProduct) => number> = {
    newest: (a, b) => b.createdMicros - a.createdMicros || byId(b, a),
    price_asc: (a, b) => a.priceKobo - b.priceKobo || byId(a, b),
    price_desc: (a, b) => b.priceKobo - a.priceKobo || byId(b, a),
    best_selling: (a, b) => b.salesCount - a.salesCount || byId(b, a),
    top_rated: (a, b) =>
      b.ratingHundredths - a.ratingHundredths || b.ratingCount - a.ratingCount || byId(b, a),
  };
  return matching.sort(orders[sort]).map((product) => product.id);
}

const sorts: ProductSort[] = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'];
const searches = [
  ['bag'],
  ['red', 'bag'],
  ['oil', 'palm'],
  ['rare'],
  ['rare', 'bag', 'red'],
  ['gold', 'wooden'],
  ['none'],
];

function check(postings: SearchPostings, products: Map<string, IndexedProduct>, next: () => number): void {
  for (const lexemes of searches) {
    const matches = postings.match(lexemes);
    for (const sort of sorts) {
      const all = expected(products, lexemes, sort);
      expect(matches.length, lexemes.join(' ')).toBe(all.length);
      for (const [offset, limit] of [
        [0, 20],
        [Math.floor(next() * all.length), 20],
        [Math.floor(next() * all.length), 1],
        [all.length - 3, 20],
        [all.length + 5, 20],
      ] as const) {
        const from = Math.max(0, offset);
        expect(postings.page(matches, sort, from, limit), `${lexemes.join(' ')} ${sort} ${from}`).toEqual(
          all.slice(from, from + limit),
        );
      }
    }
  }
}

describe('the search index in memory', () => {
  it('matches and orders as the SQL does, through rewrites, hides and the squeeze of gone products', () => {
    const next = random(20261130);
    const postings = new SearchPostings();
    const products = new Map<string, IndexedProduct>();
    for (let index = 0; index < 6_000; index += 1) {
      const product = productOf(next, `${hex(Math.floor(next() * 2 ** 32))}-${hex(index)}`);
      products.set(product.id, product);
      postings.put(product);
    }
    check(postings, products, next);
    // Rewritten (new words and keys), hidden, and listed again: 30,000 changes, enough to squeeze the gone out.
    const ids = [...products.keys()];
    for (let change = 0; change < 30_000; change += 1) {
      const id = ids[Math.floor(next() * ids.length)]!;
      if (next() < 0.2) {
        postings.remove(id);
        products.delete(id);
      } else {
        const product = productOf(next, id);
        postings.put(product);
        products.set(id, product);
      }
    }
    expect(postings.size).toBe(products.size);
    check(postings, products, next);
  });

  it('selects the n-th smallest as a sort would, ties and runs included', () => {
    const next = random(7);
    for (const size of [1, 2, 3, 10, 100, 5_000]) {
      for (const distinct of [1, 3, 1_000_000]) {
        const values = Float64Array.from({ length: size }, () => Math.floor(next() * distinct));
        const sorted = Float64Array.from(values).sort();
        for (const nth of [0, size - 1, Math.floor(next() * size)])
          expect(selectNth(Float64Array.from(values), nth)).toBe(sorted[nth]);
        // Already sorted, and reversed.
        expect(selectNth(Float64Array.from(sorted), size >> 1)).toBe(sorted[size >> 1]);
        expect(selectNth(Float64Array.from(sorted).reverse(), size >> 1)).toBe(sorted[size >> 1]);
      }
    }
  });

  it('takes a search of words joined by "and" and leaves every other to PostgreSQL', () => {
    expect(conjunctionOf("'premium' & 'bag'")).toEqual(['premium', 'bag']);
    expect(conjunctionOf("'bag'")).toEqual(['bag']);
    expect(conjunctionOf("'o''neil' & 'bag'")).toEqual(["o'neil", 'bag']);
    expect(conjunctionOf("'red' | 'bag'")).toBeNull();
    expect(conjunctionOf("'red' <-> 'bag'")).toBeNull();
    expect(conjunctionOf("'bag' & !'red'")).toBeNull();
    expect(conjunctionOf('')).toBeNull();
  });
});
