import { ADMIN_PRODUCT_PAGE_SIZE, type ApprovalStatus, productAdminEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AdminProductsParams {
  page: number;
  limit: number;
  search?: string;
  storeId?: string;
  approvalStatus?: ApprovalStatus;
}

/** Specification, section 9: page 1, 12 per page. */
export const defaultAdminProductsParams: AdminProductsParams = { page: 1, limit: ADMIN_PRODUCT_PAGE_SIZE };

export const adminProductsKeys = {
  all: ['admin-products'] as const,
  list: (params: AdminProductsParams) => ['admin-products', 'list', params] as const,
};

export function listAdminProducts(params: AdminProductsParams, signal?: AbortSignal) {
  return api(productAdminEndpoints.list, { kind: 'admin', query: params, signal });
}

export function adminProductsQueryOptions(params: AdminProductsParams) {
  return queryOptions({
    queryKey: adminProductsKeys.list(params),
    queryFn: async ({ signal }) => (await listAdminProducts(params, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(params: AdminProductsParams) {
  return useQuery(adminProductsQueryOptions(params));
}
