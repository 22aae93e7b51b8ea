import { type ApprovalStatus, productEndpoints, type StockStatus } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface MyProductsParams {
  page: number;
  limit: number;
  search?: string;
  status?: ApprovalStatus;
  stock?: StockStatus;
}

export const myProductsKeys = {
  all: ['my-products'] as const,
  list: (params: MyProductsParams) => ['my-products', 'list', params] as const,
  one: (id: string) => ['my-products', 'one', id] as const,
  lowStock: ['my-products', 'low-stock'] as const,
};

export function listMyProducts(params: MyProductsParams, signal?: AbortSignal) {
  return api(productEndpoints.mine, { kind: 'merchant', query: params, signal });
}

export function myProductsQueryOptions(params: MyProductsParams) {
  return queryOptions({
    queryKey: myProductsKeys.list(params),
    queryFn: async ({ signal }) => (await listMyProducts(params, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useMyProducts(params: MyProductsParams) {
  return useQuery(myProductsQueryOptions(params));
}
