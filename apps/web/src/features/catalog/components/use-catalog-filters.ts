import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CatalogFilters, changeFilters, filtersToParams, parseFilters } from './catalog-filters';

/**
 * Listing filters kept in the URL's query string. `fixed` holds filters a route takes from its path
 * (e.g. the category of `/categories/:categoryId`), which are not repeated in the query string.
 */
export function useCatalogFilters(fixed: Partial<CatalogFilters> = {}) {
  const [params, setParams] = useSearchParams();
  // compared by value: callers pass a new object on every render
  const fixedKey = JSON.stringify(fixed);
  const filters = useMemo(
    () => parseFilters(params, JSON.parse(fixedKey) as Partial<CatalogFilters>),
    [params, fixedKey],
  );
  const update = useCallback(
    (change: Partial<CatalogFilters>) => {
      const next = filtersToParams(changeFilters(filters, change));
      for (const key of Object.keys(JSON.parse(fixedKey))) next.delete(key);
      // a new history entry, so Back returns to the previous filters
      setParams(next, { preventScrollReset: !('page' in change) });
    },
    [filters, setParams, fixedKey],
  );
  return { filters, update };
}
