import { adminMerchantEndpoints, salesReportEndpoints } from '@market/contracts';
import { sendCsv } from '../../platform/http/csv-reply.js';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(reports: ReportsService): RouteDefinition[] {
  return [
    route(salesReportEndpoints.sales, async ({ auth, query }) => ({
      message: 'Sales report',
      data: await reports.salesReport(requireStoreId(auth), query),
    })),
    route(salesReportEndpoints.salesCsv, async ({ auth, query, reply }) => {
      const csv = await reports.salesReportCsv(requireStoreId(auth), query);
      const name = `sales-${query.view}-${query.from}-to-${query.to}.csv`;
      return sendCsv(reply, `${name}`, csv);
    }),

    route(adminMerchantEndpoints.list, async ({ query }) => ({
      message: 'Merchants',
      data: await reports.listMerchants(query),
    })),
    route(adminMerchantEndpoints.top, async ({ query }) => ({
      message: 'Top merchants',
      data: await reports.topMerchants(query),
    })),
    route(adminMerchantEndpoints.one, async ({ params, query }) => ({
      message: 'Merchant',
      data: await reports.merchant(params.id, query),
    })),
    route(adminMerchantEndpoints.profile, async ({ params }) => ({
      message: 'Merchant profile',
      data: await reports.profile(params.id),
    })),
    route(adminMerchantEndpoints.products, async ({ params, query }) => ({
      message: 'Merchant products',
      data: await reports.merchantProducts(params.id, query),
    })),
  ];
}
