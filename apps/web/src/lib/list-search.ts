import { useSearchParams } from 'react-router';

/** The page of a list from the URL's `?page=`: a whole number from 1, else 1. */
export function pageOf(search: URLSearchParams): number {
  return Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
}

/**
 * A list's page and filters, kept in the URL's query so that a link, a reload and Back keep them. `filters` are the
 * named query values ('' when absent); `change` writes the non-empty ones, and the page after the first.
 *
 * A change replaces the history entry (the dashboards' lists) unless `push` (the customer's own lists, where each
 * page is a step of Back); `pageFirst` writes `?page=2&status=…` as those lists always have.
 */
export function useListSearch<K extends string>(
  keys: readonly K[],
  { push = false, pageFirst = false }: { push?: boolean; pageFirst?: boolean } = {},
) {
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, search.get(key) ?? ''])) as Record<K, string>;
  const change = (next: { page: number } & Partial<Record<K, string | undefined>>) => {
    const params = new URLSearchParams();
    const writePage = () => {
      if (next.page > 1) params.set('page', String(next.page));
    };
    if (pageFirst) writePage();
    for (const key of keys) {
      const value = next[key];
      if (value) params.set(key, value);
    }
    if (!pageFirst) writePage();
    setSearch(params, push ? undefined : { replace: true });
  };
  return { page: pageOf(search), filters, change };
}
