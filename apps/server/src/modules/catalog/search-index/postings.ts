import type { ProductSort } from '@market/contracts';

// The search index's memory (ADR 116): every listed product under an ordinal, its sort keys in typed arrays, and for
// each lexeme of the products' search vectors the ordinals that carry it, ascending. A product written again gets a
// new ordinal at the end (its old one is marked gone), so every list stays sorted by appending; the gone ones are
// squeezed out once they are as many as the live.

/** What the index keeps of a product: its lexemes (`tsvector_to_array`) and each sort's key. */
export interface IndexedProduct {
  id: string;
  lexemes: string[];
  /** Microseconds since the epoch: exact in a double until the year 2255. */
  createdMicros: number;
  priceKobo: number;
  salesCount: number;
  /** The rating's average in hundredths (numeric(3,2)) and its count: compared in that order. */
  ratingHundredths: number;
  ratingCount: number;
}

/** A growable Int32Array or Float64Array: appends in amortised constant time. */
class Column<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}
  /** Gives back the room kept for growth (after a load: doubling leaves up to half of each array empty). */
  trim(): void {
    if (this.data.length > this.length + (this.length >> 3)) this.data = this.data.slice(0, this.length) as T;
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.make(Math.max(16, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length] = value;
    this.length += 1;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

const ints = (size: number) => new Int32Array(size);

/**
 * A lexeme's ordinals, ascending; and once they are one in 32 of all ordinals or more, a bit per ordinal beside them
 * (no larger than the list then), so intersecting with a common word tests a bit rather than searching its list.
 */
class Posting {
  readonly list = new Column(new Int32Array(4), ints);
  bits: Uint32Array | undefined;

  push(ordinal: number, ordinals: number): void {
    this.list.push(ordinal);
    if (this.bits) {
      if (ordinal >>> 5 >= this.bits.length) {
        const grown = new Uint32Array(Math.max(this.bits.length * 2, (ordinal >>> 5) + 1));
        grown.set(this.bits);
        this.bits = grown;
      }
      this.bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
    } else if (this.list.length >= DENSE_FROM && this.list.length * 32 >= ordinals) {
      this.bits = new Uint32Array((ordinals >>> 5) + 1);
      for (const held of this.list.view()) this.bits[held >>> 5]! |= 1 << (held & 31);
    }
  }

  has(ordinal: number): boolean {
    const bits = this.bits!;
    const word = ordinal >>> 5;
    return word < bits.length && ((bits[word]! >>> (ordinal & 31)) & 1) === 1;
  }
}

/** A posting list this long or longer may carry bits (below it, searching the list is as quick). */
const DENSE_FROM = 1_024;
const doubles = (size: number) => new Float64Array(size);

/** Gone ordinals are squeezed out once there are at least this many and as many as the live. */
const COMPACT_FROM = 10_000;

export class SearchPostings {
  private readonly ordinalOf = new Map<string, number>();
  private ids: string[] = [];
  private live = new Column(new Int32Array(0), ints);
  private created = new Column(new Float64Array(0), doubles);
  private price = new Column(new Float64Array(0), doubles);
  private sales = new Column(new Float64Array(0), doubles);
  /** Hundredths × 2³² + count: one number that orders as (average, count) does. */
  private rating = new Column(new Float64Array(0), doubles);
  private postings = new Map<string, Posting>();
  private gone = 0;
  private scratch = new Float64Array(0);
  /** Moves with every product put or removed: what was matched before is stale. */
  version = 0;

  /** Listed products held. */
  get size(): number {
    return this.ordinalOf.size;
  }

  /** A product listed (again, with what it is now). */
  put(product: IndexedProduct): void {
    this.remove(product.id);
    this.version += 1;
    const ordinal = this.ids.length;
    this.ids.push(product.id);
    this.live.push(1);
    this.created.push(product.createdMicros);
    this.price.push(product.priceKobo);
    this.sales.push(product.salesCount);
    this.rating.push(product.ratingHundredths * 2 ** 32 + product.ratingCount);
    for (const lexeme of new Set(product.lexemes)) {
      let posting = this.postings.get(lexeme);
      if (!posting) {
        posting = new Posting();
        this.postings.set(lexeme, posting);
      }
      posting.push(ordinal, this.ids.length);
    }
    this.ordinalOf.set(product.id, ordinal);
  }

  /** Gives back the room kept for growth in every array (once loaded; later writes grow them again as needed). */
  trim(): void {
    for (const column of [this.live, this.created, this.price, this.sales, this.rating]) column.trim();
    for (const posting of this.postings.values()) posting.list.trim();
  }

  /** A product no longer listed (hidden, or gone). */
  remove(id: string): void {
    const ordinal = this.ordinalOf.get(id);
    if (ordinal === undefined) return;
    this.version += 1;
    this.ordinalOf.delete(id);
    this.live.data[ordinal] = 0;
    this.gone += 1;
    if (this.gone >= COMPACT_FROM && this.gone >= this.ordinalOf.size) this.compact();
  }

  /** The listed products carrying every lexeme, as ascending ordinals. */
  match(lexemes: string[]): Int32Array {
    const postings: Posting[] = [];
    for (const lexeme of new Set(lexemes)) {
      const posting = this.postings.get(lexeme);
      if (!posting) return new Int32Array(0);
      postings.push(posting);
    }
    if (postings.length === 0) return new Int32Array(0);
    postings.sort((a, b) => a.list.length - b.list.length);
    const [shortest, ...others] = postings as [Posting, ...Posting[]];
    const dense = others.filter((posting) => posting.bits);
    const sparse = others.filter((posting) => !posting.bits).map((posting) => posting.list.view());
    const live = this.live.data;
    const candidates = shortest.list.view();
    const found = new Int32Array(candidates.length);
    let count = 0;
    // A sparse list is walked once, forward: the shortest's ordinals ascend, so each look starts where the last ended
    // (a few steps one by one, then galloping). A dense one is a bit test.
    const at = new Int32Array(sparse.length);
    outer: for (let position = 0; position < candidates.length; position += 1) {
      const ordinal = candidates[position]!;
      if (live[ordinal] === 0) continue;
      for (const posting of dense) if (!posting.has(ordinal)) continue outer;
      for (let index = 0; index < sparse.length; index += 1) {
        const list = sparse[index]!;
        let cursor = at[index]!;
        for (let step = 0; step < 8 && cursor < list.length && list[cursor]! < ordinal; step += 1)
          cursor += 1;
        if (cursor < list.length && list[cursor]! < ordinal) cursor = lowerBound(list, ordinal, cursor);
        at[index] = cursor;
        if (cursor === list.length) break outer;
        if (list[cursor] !== ordinal) continue outer;
      }
      found[count] = ordinal;
      count += 1;
    }
    return found.subarray(0, count);
  }

  /** The ids of the matches at [offset, offset + limit) in the sort's order (the SQL's, ties by id). */
  page(matches: Int32Array, sort: ProductSort, offset: number, limit: number): string[] {
    const before = this.comparator(sort);
    const wanted = offset + limit;
    const kept =
      wanted >= matches.length ? Array.from(matches).sort(before) : this.firstInOrder(matches, sort, wanted);
    return kept.slice(offset, wanted).map((ordinal) => this.ids[ordinal]!);
  }

  /**
   * The `count` first matches in the sort's order, sorted: the key of the count-th found by selection (linear), then
   * only the matches up to it (ties included) sorted by the whole order. A comparison per match for a common word's
   * 50,000 matches cost milliseconds in a heap; the selection compares numbers in a typed array.
   */
  private firstInOrder(matches: Int32Array, sort: ProductSort, count: number): number[] {
    const { keys, sign } = this.keyOf(sort);
    // One scratch array, reused: a common word's keys are half a megabyte at 1M products, every request.
    if (this.scratch.length < matches.length) this.scratch = new Float64Array(matches.length * 2);
    const signed = this.scratch.subarray(0, matches.length);
    for (let index = 0; index < matches.length; index += 1) signed[index] = sign * keys[matches[index]!]!;
    const threshold = selectNth(signed, count - 1);
    const chosen: number[] = [];
    for (let index = 0; index < matches.length; index += 1)
      if (sign * keys[matches[index]!]! <= threshold) chosen.push(matches[index]!);
    return chosen.sort(this.comparator(sort)).slice(0, count);
  }

  /** The sort's key array and its direction (1 ascending, -1 descending). */
  private keyOf(sort: ProductSort): { keys: Float64Array; sign: 1 | -1 } {
    switch (sort) {
      case 'price_asc':
        return { keys: this.price.data, sign: 1 };
      case 'price_desc':
        return { keys: this.price.data, sign: -1 };
      case 'best_selling':
        return { keys: this.sales.data, sign: -1 };
      case 'top_rated':
        return { keys: this.rating.data, sign: -1 };
      default:
        return { keys: this.created.data, sign: -1 };
    }
  }

  /** The first `count` matches' ids, in the index's own order (relevance ranks these, as it ranks the GIN's first). */
  first(matches: Int32Array, count: number): string[] {
    return Array.from(matches.subarray(0, count), (ordinal) => this.ids[ordinal]!);
  }

  private comparator(sort: ProductSort): (a: number, b: number) => number {
    const ids = this.ids;
    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    const descending = (keys: Float64Array) => (a: number, b: number) => keys[b]! - keys[a]! || byId(b, a);
    switch (sort) {
      case 'price_asc': {
        const keys = this.price.data;
        return (a, b) => keys[a]! - keys[b]! || byId(a, b);
      }
      case 'price_desc':
        return descending(this.price.data);
      case 'best_selling':
        return descending(this.sales.data);
      case 'top_rated':
        return descending(this.rating.data);
      default:
        return descending(this.created.data);
    }
  }

  /** Every ordinal renumbered without the gone ones, in the same order (so each list stays ascending). */
  private compact(): void {
    const renumbered = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    const live = new Column(new Int32Array(this.ordinalOf.size), ints);
    const created = new Column(new Float64Array(this.ordinalOf.size), doubles);
    const price = new Column(new Float64Array(this.ordinalOf.size), doubles);
    const sales = new Column(new Float64Array(this.ordinalOf.size), doubles);
    const rating = new Column(new Float64Array(this.ordinalOf.size), doubles);
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      if (this.live.data[ordinal] === 0) continue;
      renumbered[ordinal] = ids.length;
      this.ordinalOf.set(this.ids[ordinal]!, ids.length);
      ids.push(this.ids[ordinal]!);
      live.push(1);
      created.push(this.created.data[ordinal]!);
      price.push(this.price.data[ordinal]!);
      sales.push(this.sales.data[ordinal]!);
      rating.push(this.rating.data[ordinal]!);
    }
    for (const [lexeme, posting] of this.postings) {
      const kept = new Posting();
      for (const ordinal of posting.list.view())
        if (renumbered[ordinal]! >= 0) kept.push(renumbered[ordinal]!, ids.length);
      if (kept.list.length === 0) this.postings.delete(lexeme);
      else this.postings.set(lexeme, kept);
    }
    Object.assign(this, { ids, live, created, price, sales, rating, gone: 0 });
  }
}

/** The first index at or after `from` whose value is at least `value` (the list ascends): gallop, then halve. */
function lowerBound(list: Int32Array, value: number, from: number): number {
  let low = from;
  let step = 1;
  let high = from;
  while (high < list.length && list[high]! < value) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The value that would stand at `nth` (from 0) were `values` sorted ascending; reorders `values` (Hoare's select). */
export function selectNth(values: Float64Array, nth: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    // The median of three as the pivot: sorted or reversed runs stay linear.
    const middle = (low + high) >>> 1;
    const [a, b, c] = [values[low]!, values[middle]!, values[high]!];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let left = low;
    let right = high;
    while (left <= right) {
      while (values[left]! < pivot) left += 1;
      while (values[right]! > pivot) right -= 1;
      if (left <= right) {
        const swap = values[left]!;
        values[left] = values[right]!;
        values[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    if (nth <= right) high = right;
    else if (nth >= left) low = left;
    else return values[nth]!;
  }
  return values[nth]!;
}
