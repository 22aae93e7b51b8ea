import { type CustomerProductsQuery, customerProductEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

/** A customer listing query as the API takes it (limit and offset always set). */
export type ProductsQuery = Partial<Omit<CustomerProductsQuery, 'inStock'>> & {
  limit: number;
  offset: number;
  inStock?: boolean;
};

export function getProducts(query: ProductsQuery, signal?: AbortSignal) {
  const { inStock, ...rest } = query;
  return api(customerProductEndpoints.list, {
    kind: 'customer',
    query: { ...rest, inStock: inStock ? 'true' : undefined },
    signal,
  });
}

export function productsQueryOptions(query: ProductsQuery) {
  return queryOptions({
    queryKey: catalogKeys.products(query),
    queryFn: async ({ signal }) => (await getProducts(query, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: CATALOG_MESSAGES.products } },
  });
}

export function useProducts(query: ProductsQuery) {
  return useQuery(productsQueryOptions(query));
}
