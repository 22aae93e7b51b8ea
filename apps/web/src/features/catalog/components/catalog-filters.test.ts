import { describe, expect, it } from 'vitest';
import { changeFilters, filtersToParams, filtersToQuery, parseFilters } from './catalog-filters';

const cat = '11111111-1111-4111-8111-111111111111';
const sub = '22222222-2222-4222-8222-222222222222';
const child = '33333333-3333-4333-8333-333333333333';

describe('catalog filters ⇄ URL', () => {
  it('reads every filter from the query string and writes the same string back', () => {
    const search = `q=rice&category=${cat}&sub=${sub}&child=${child}&min=1000&max=25000.5&inStock=true&sort=price_asc&page=3`;
    const filters = parseFilters(new URLSearchParams(search));
    expect(filters).toEqual({
      q: 'rice',
      category: cat,
      sub,
      child,
      min: 1000,
      max: 25000.5,
      inStock: true,
      sort: 'price_asc',
      page: 3,
    });
    expect(filtersToParams(filters).toString()).toBe(search);
  });

  it('drops malformed values instead of failing, and swaps a reversed price range', () => {
    const filters = parseFilters(
      new URLSearchParams(`category=nope&sub=${sub}&min=abc&sort=cheapest&page=-2&inStock=yes`),
    );
    expect(filters).toEqual({
      inStock: false,
      page: 1,
      q: undefined,
      category: undefined,
      sub: undefined,
      child: undefined,
      min: undefined,
      max: undefined,
      sort: undefined,
    });
    const swapped = parseFilters(new URLSearchParams('min=500&max=100'));
    expect([swapped.min, swapped.max]).toEqual([100, 500]);
  });

  it('takes a fixed category from the route path and keeps its sub-category from the query', () => {
    const filters = parseFilters(new URLSearchParams(`sub=${sub}`), { category: cat });
    expect(filters.category).toBe(cat);
    expect(filters.sub).toBe(sub);
  });

  it('starts again at page 1 when a filter changes, and clears lower levels with a new category', () => {
    const current = parseFilters(new URLSearchParams(`category=${cat}&sub=${sub}&child=${child}&page=4`));
    expect(changeFilters(current, { page: 5 }).page).toBe(5);
    const sorted = changeFilters(current, { sort: 'top_rated' });
    expect(sorted.page).toBe(1);
    expect(sorted.child).toBe(child);
    const other = changeFilters(current, { category: undefined });
    expect([other.category, other.sub, other.child]).toEqual([undefined, undefined, undefined]);
  });

  it('turns filters into the API query with limit and offset', () => {
    const query = filtersToQuery(parseFilters(new URLSearchParams('q=shoe&page=2&inStock=true&sort=newest')));
    expect(query).toMatchObject({ limit: 20, offset: 20, search: 'shoe', inStock: true, sortBy: 'newest' });
  });
});
