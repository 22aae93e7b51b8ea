import { productEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myProductsKeys } from './list-my-products';

export function getLowStock(signal?: AbortSignal) {
  return api(productEndpoints.lowStock, { kind: 'merchant', query: { limit: 50 }, signal });
}

export function lowStockQueryOptions() {
  return queryOptions({
    queryKey: myProductsKeys.lowStock,
    queryFn: async ({ signal }) => (await getLowStock(signal)).data,
  });
}

export function useLowStock() {
  return useQuery(lowStockQueryOptions());
}
