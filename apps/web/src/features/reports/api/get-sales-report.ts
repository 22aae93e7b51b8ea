import { type ReportGranularity, salesReportEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The specification's failure message of the sales report (section 8). */
export const SALES_REPORT_ERROR = 'Error getting sales report variants';

export interface SalesReportParams {
  from: string;
  to: string;
  granularity: ReportGranularity;
}

export const salesReportKeys = {
  all: ['sales-report'] as const,
  one: (params: SalesReportParams) => ['sales-report', params] as const,
};

export function getSalesReport(params: SalesReportParams, signal?: AbortSignal) {
  return api(salesReportEndpoints.sales, { kind: 'merchant', query: params, signal });
}

export function salesReportQueryOptions(params: SalesReportParams) {
  return queryOptions({
    queryKey: salesReportKeys.one(params),
    queryFn: async ({ signal }) => (await getSalesReport(params, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: SALES_REPORT_ERROR } },
  });
}

/** The store's sales in a range of Lagos days; not asked while the range is not valid. */
export function useSalesReport(params: SalesReportParams, enabled = true) {
  return useQuery({ ...salesReportQueryOptions(params), enabled });
}
