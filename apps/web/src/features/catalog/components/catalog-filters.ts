import { type ProductSort, productSorts } from '@market/contracts';
import type { ProductsQuery } from '../api/get-products';

/** Customer listing page size (the contract's default). */
export const PAGE_SIZE = 20;
/** The listing accepts offsets up to 10,000; pages beyond are not offered. */
export const MAX_PAGE = Math.floor(10_000 / PAGE_SIZE) + 1;

/** What a listing shows, as kept in the URL: shareable, and the back button walks through it. */
export interface CatalogFilters {
  q?: string;
  category?: string;
  sub?: string;
  child?: string;
  /** Naira, as typed (the API takes naira). */
  min?: number;
  max?: number;
  inStock: boolean;
  sort?: ProductSort;
  page: number;
}

/** URL parameter of each filter. */
export const FILTER_PARAMS = {
  q: 'q',
  category: 'category',
  sub: 'sub',
  child: 'child',
  min: 'min',
  max: 'max',
  inStock: 'inStock',
  sort: 'sort',
  page: 'page',
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 100) : undefined;
}

function id(value: string | null): string | undefined {
  return value && uuidPattern.test(value) ? value : undefined;
}

function naira(value: string | null): number | undefined {
  if (!value) return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 && amount < 1_000_000_000
    ? Math.round(amount * 100) / 100
    : undefined;
}

/** Reads filters from the URL, dropping anything malformed instead of failing the page. */
export function parseFilters(params: URLSearchParams, fixed: Partial<CatalogFilters> = {}): CatalogFilters {
  const sort = params.get(FILTER_PARAMS.sort);
  const page = Number(params.get(FILTER_PARAMS.page));
  let min = naira(params.get(FILTER_PARAMS.min));
  let max = naira(params.get(FILTER_PARAMS.max));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const category = fixed.category ?? id(params.get(FILTER_PARAMS.category));
  const sub = category ? id(params.get(FILTER_PARAMS.sub)) : undefined;
  const child = sub ? id(params.get(FILTER_PARAMS.child)) : undefined;
  return {
    q: text(params.get(FILTER_PARAMS.q)),
    category,
    sub,
    child,
    min,
    max,
    inStock: ['true', '1'].includes(params.get(FILTER_PARAMS.inStock) ?? ''),
    sort: productSorts.includes(sort as ProductSort) ? (sort as ProductSort) : undefined,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    ...fixed,
  };
}

/** Writes filters to URL parameters; defaults are left out so links stay short. */
export function filtersToParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set(FILTER_PARAMS.q, filters.q);
  if (filters.category) params.set(FILTER_PARAMS.category, filters.category);
  if (filters.category && filters.sub) params.set(FILTER_PARAMS.sub, filters.sub);
  if (filters.category && filters.sub && filters.child) params.set(FILTER_PARAMS.child, filters.child);
  if (filters.min !== undefined) params.set(FILTER_PARAMS.min, String(filters.min));
  if (filters.max !== undefined) params.set(FILTER_PARAMS.max, String(filters.max));
  if (filters.inStock) params.set(FILTER_PARAMS.inStock, 'true');
  if (filters.sort) params.set(FILTER_PARAMS.sort, filters.sort);
  if (filters.page > 1) params.set(FILTER_PARAMS.page, String(filters.page));
  return params;
}

/** A change of anything but the page starts again at page 1. */
export function changeFilters(current: CatalogFilters, change: Partial<CatalogFilters>): CatalogFilters {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  if ('category' in change && change.category !== current.category) {
    next.sub = change.sub;
    next.child = change.child;
  }
  if ('sub' in change && change.sub !== current.sub) next.child = change.child;
  return next;
}

/** The API query of a listing. */
export function filtersToQuery(filters: CatalogFilters): ProductsQuery {
  return {
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
    search: filters.q,
    categoryId: filters.category,
    subCategoryId: filters.sub,
    childCategoryId: filters.child,
    minPrice: filters.min,
    maxPrice: filters.max,
    inStock: filters.inStock || undefined,
    sortBy: filters.sort,
  };
}

export const sortLabels: Record<ProductSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  best_selling: 'Best selling',
  top_rated: 'Top rated',
};
