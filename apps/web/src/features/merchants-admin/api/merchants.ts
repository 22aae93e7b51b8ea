import { adminMerchantEndpoints, type ReportGranularity } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const merchantAdminKeys = {
  all: ['admin-merchants'] as const,
  list: (page: number, search: string) => ['admin-merchants', 'list', page, search] as const,
  top: (from: string, to: string) => ['admin-merchants', 'top', from, to] as const,
  one: (id: string, from: string, to: string, granularity: ReportGranularity) =>
    ['admin-merchants', 'one', id, from, to, granularity] as const,
  profile: (id: string) => ['admin-merchants', 'profile', id] as const,
  products: (id: string, page: number, search: string) =>
    ['admin-merchants', 'products', id, page, search] as const,
};

export const MERCHANTS_PAGE_SIZE = 20;

export function listMerchantsQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: merchantAdminKeys.list(page, search),
    queryFn: async ({ signal }) =>
      (
        await api(adminMerchantEndpoints.list, {
          kind: 'admin',
          query: { page, limit: MERCHANTS_PAGE_SIZE, ...(search ? { search } : {}) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Merchants (store owners), newest first, with each store's lifetime figures. */
export function useMerchantsList(page: number, search: string) {
  return useQuery(listMerchantsQueryOptions(page, search));
}

/** The merchants whose stores sold the most in a range of Lagos days. */
export function useTopMerchants(from: string, to: string) {
  return useQuery({
    queryKey: merchantAdminKeys.top(from, to),
    queryFn: async ({ signal }) =>
      (await api(adminMerchantEndpoints.top, { kind: 'admin', query: { from, to, limit: 10 }, signal })).data,
  });
}

/** One merchant and their store's sales report. */
export function useMerchant(
  id: string,
  range: { from: string; to: string; granularity: ReportGranularity },
  enabled = true,
) {
  return useQuery({
    queryKey: merchantAdminKeys.one(id, range.from, range.to, range.granularity),
    queryFn: async ({ signal }) =>
      (await api(adminMerchantEndpoints.one, { kind: 'admin', params: { id }, query: range, signal })).data,
    placeholderData: keepPreviousData,
    enabled,
    meta: { toast: { fallback: 'Could not get merchant details. Try again later.' } },
  });
}

export function useMerchantProfile(id: string) {
  return useQuery({
    queryKey: merchantAdminKeys.profile(id),
    queryFn: async ({ signal }) =>
      (await api(adminMerchantEndpoints.profile, { kind: 'admin', params: { id }, signal })).data,
    meta: { toast: { fallback: 'Could not get merchant profile. Try again later.' } },
  });
}

/** Search one merchant's products by name or SKU. */
export function useMerchantProducts(id: string, page: number, search: string) {
  return useQuery({
    queryKey: merchantAdminKeys.products(id, page, search),
    queryFn: async ({ signal }) =>
      (
        await api(adminMerchantEndpoints.products, {
          kind: 'admin',
          params: { id },
          query: { page, limit: 10, ...(search ? { search } : {}) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
