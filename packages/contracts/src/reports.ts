import { z } from 'zod';
import { access } from './access.js';
import { merchantProduct } from './catalog.js';
import { boundedDay, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';
import { dayRangeRules, publishRules } from './published-rules.js';

// Business and sales reports (issue 9): a store's sales in a range of Nigerian days (Africa/Lagos, UTC+1), and the
// admin's view of merchants with their figures. Money is integer kobo. An order counts from the day it was placed,
// once its checkout was paid; cancelled-after-payment and returned orders are shown apart ("returned").

/** The longest range a report reads: a year and a day (a leap year's 366 days). */
export const REPORT_MAX_DAYS = 366;
/** How many rows each breakdown (products, customers, LGAs) lists, the largest first. */
export const REPORT_BREAKDOWN_LIMIT = 50;
/** How many products "top products" names. */
export const REPORT_TOP_PRODUCTS = 5;

export const reportGranularities = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof reportGranularities)[number];

export const reportCsvViews = ['series', 'products', 'customers', 'locations'] as const;
export type ReportCsvView = (typeof reportCsvViews)[number];

const day = boundedDay;
const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (YYYY-MM-DD). */
export function reportRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Why a range cannot be reported on, or null; the server and the report screen use the same words. */
export function reportRangeProblem(
  from: string,
  to: string,
): { path: 'from' | 'to'; message: string } | null {
  if (to < from) return { path: 'to', message: 'The end date cannot be before the start date' };
  if (reportRangeDays(from, to) > REPORT_MAX_DAYS)
    return { path: 'to', message: `Choose at most ${REPORT_MAX_DAYS} days` };
  return null;
}

function checkRange(value: { from: string; to: string }, context: z.RefinementCtx) {
  const problem = reportRangeProblem(value.from, value.to);
  if (problem) context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}

const rangeFields = { from: day, to: day };
/** The document's words for `checkRange` (ADR 085). */
const publishDayRange = <S extends z.ZodType>(schema: S) =>
  publishRules(schema, dayRangeRules(REPORT_MAX_DAYS));
const granularityField = z.enum(reportGranularities).default('day');

export const reportRangeQuery = z.object(rangeFields).superRefine(checkRange).apply(publishDayRange);
export const salesReportQuery = z
  .object({ ...rangeFields, granularity: granularityField })
  .superRefine(checkRange)
  .apply(publishDayRange);
export type SalesReportQuery = z.output<typeof salesReportQuery>;
export const salesReportCsvQuery = z
  .object({ ...rangeFields, granularity: granularityField, view: z.enum(reportCsvViews).default('series') })
  .superRefine(checkRange)
  .apply(publishDayRange);
export type SalesReportCsvQuery = z.output<typeof salesReportCsvQuery>;

const kobo = z.number().int();
const count = z.number().int();

export const salesTotals = z.object({
  /** Paid orders placed in the range, including those later cancelled or returned. */
  ordersCount: count,
  /** Units in the orders that still stand (not cancelled, not returned). */
  itemsSold: count,
  /** Item subtotals of every paid order, before discounts (kobo). */
  grossSalesKobo: kobo,
  /** Discounts given on those orders (kobo). */
  discountKobo: kobo,
  /** Goods of orders cancelled after payment or returned, after their discounts (kobo). */
  returnedKobo: kobo,
  /** gross − discounts − returned: what customers paid for goods they kept (kobo); shipping left out. */
  netSalesKobo: kobo,
  /** Delivery fees paid on the standing orders (kobo); they go to whoever delivers. */
  shippingKobo: kobo,
  /** Net sales per standing order, rounded (kobo). */
  averageOrderKobo: kobo,
  /** Different customers among the standing orders. */
  customersCount: count,
  /** Orders cancelled after payment (refunded or refund due). */
  cancelledOrdersCount: count,
  /** Orders returned to the store. */
  returnedOrdersCount: count,
});
export type SalesTotals = z.infer<typeof salesTotals>;

export const salesPoint = z.object({
  /** First Lagos day of the bucket (a Monday for weeks, the 1st for months), YYYY-MM-DD. */
  start: z.string(),
  ordersCount: count,
  netSalesKobo: kobo,
  discountKobo: kobo,
  /** Orders of the bucket cancelled after payment or returned. */
  returnedOrdersCount: count,
});
export type SalesPoint = z.infer<typeof salesPoint>;

export const productSales = z.object({
  productId: z.string(),
  productName: z.string(),
  unitsSold: count,
  ordersCount: count,
  grossKobo: kobo,
  /** The order's discount shared over its lines by their value (rounded per line). */
  discountKobo: kobo,
  netKobo: kobo,
});
export type ProductSales = z.infer<typeof productSales>;

export const customerSales = z.object({
  customerId: z.string(),
  name: z.string(),
  ordersCount: count,
  netSalesKobo: kobo,
  lastOrderAt: isoDateTime,
});
export type CustomerSales = z.infer<typeof customerSales>;

export const locationSales = z.object({
  state: z.string(),
  /** Empty in the by-state list. */
  lga: z.string(),
  ordersCount: count,
  netSalesKobo: kobo,
});
export type LocationSales = z.infer<typeof locationSales>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(reportGranularities),
  /** The moments the range covers: Lagos midnight of `from` to Lagos midnight after `to`. */
  startsAt: isoDateTime,
  endsBefore: isoDateTime,
  totals: salesTotals,
  /** One point per bucket of the range, empty buckets included. */
  series: z.array(salesPoint),
  /** Largest net sales first, at most REPORT_BREAKDOWN_LIMIT. */
  byProduct: z.array(productSales),
  /** Most units first, at most REPORT_TOP_PRODUCTS. */
  topProducts: z.array(productSales),
  byCustomer: z.array(customerSales),
  /** Every delivery state with a standing order, largest first. */
  byState: z.array(locationSales),
  /** Largest first, at most REPORT_BREAKDOWN_LIMIT. */
  byLga: z.array(locationSales),
});
export type SalesReport = z.infer<typeof salesReport>;

// ---------- admin: merchants ----------

export const adminMerchantsQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});

export const merchantStoreSummary = z.object({
  id: z.string(),
  storeName: z.string(),
  storeUrl: z.string(),
  approvalStatus: z.enum(['pending', 'approved', 'rejected']),
  isVisible: z.boolean(),
});

export const adminMerchant = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
  store: merchantStoreSummary,
  /** Every paid order of the store that still stands, and what it brought in (kobo), since it opened. */
  ordersCount: count,
  netSalesKobo: kobo,
});
export type AdminMerchant = z.infer<typeof adminMerchant>;

export const topMerchantsQuery = z
  .object({ ...rangeFields, limit: z.coerce.number().int().min(1).max(50).default(10) })
  .superRefine(checkRange)
  .apply(publishDayRange);

export const topMerchant = z.object({
  merchantId: z.string(),
  name: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  ordersCount: count,
  netSalesKobo: kobo,
});
export type TopMerchant = z.infer<typeof topMerchant>;

export const adminMerchantDetail = z.object({
  merchant: adminMerchant.omit({ ordersCount: true, netSalesKobo: true }),
  /** The store's sales report for the asked range. */
  report: salesReport,
});
export type AdminMerchantDetail = z.infer<typeof adminMerchantDetail>;

const homeAddress = z.object({
  street: z.string(),
  lga: z.string(),
  state: z.string(),
  country: z.string(),
});

export const adminMerchantProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  lastLoginAt: isoDateTime.nullable(),
  store: merchantStoreSummary.extend({
    officeAddress: z.string().nullable(),
    storePhoneNumber: z.string().nullable(),
    isRegisteredBusiness: z.boolean(),
    paymentCategory: z.string(),
  }),
  onboarding: z.object({
    percentageComplete: count,
    dateOfBirth: z.string().nullable(),
    nationality: z.string().nullable(),
    idDocumentType: z.string().nullable(),
    hasIdDocument: z.boolean(),
    hasProofOfAddress: z.boolean(),
    homeAddress: z.array(homeAddress),
    staffSize: z.string().nullable(),
    category: z.string().nullable(),
  }),
});
export type AdminMerchantProfile = z.infer<typeof adminMerchantProfile>;

export const merchantProductSearchQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
});

// ---------- endpoints ----------

const merchantTags = ['Reports'];
const adminTags = ['Admin merchants'];
const merchantIdParam = z.object({ id: uuid });

export const salesReportEndpoints = {
  sales: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/reports/sales',
    summary:
      "The store's sales in a range of Lagos days: totals, a series by day, week or month, and sales by product, customer and location",
    tags: merchantTags,
    access: access.merchant('reports:read'),
    query: salesReportQuery,
    response: envelope(salesReport),
  }),
  salesCsv: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/reports/sales.csv',
    summary:
      'One view of the sales report (series, products, customers or locations) as a CSV file (text/csv); cells that a spreadsheet would run as a formula are prefixed with an apostrophe',
    tags: merchantTags,
    access: access.merchant('reports:read'),
    query: salesReportCsvQuery,
    response: z.string(),
    produces: 'text/csv',
  }),
};

export const adminMerchantEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/merchants',
    summary: 'Merchants (store owners), newest first, paged, searched by name, e-mail or store name',
    tags: adminTags,
    access: access.admin('merchants:read'),
    query: adminMerchantsQuery,
    response: envelope(z.object({ merchants: z.array(adminMerchant), pagination })),
  }),
  top: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/merchants/top',
    summary: 'The merchants whose stores sold the most (net sales) in a range of Lagos days',
    tags: adminTags,
    access: access.admin('merchants:read'),
    query: topMerchantsQuery,
    response: envelope(z.array(topMerchant)),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/merchants/:id',
    summary: "One merchant, their store and the store's sales report for a range of Lagos days",
    tags: adminTags,
    access: access.admin('merchants:read'),
    params: merchantIdParam,
    query: salesReportQuery,
    response: envelope(adminMerchantDetail),
  }),
  profile: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/merchants/:id/profile',
    summary: "A merchant's profile: account, store and onboarding answers (no document contents)",
    tags: adminTags,
    access: access.admin('merchants:read'),
    params: merchantIdParam,
    response: envelope(adminMerchantProfile),
  }),
  products: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/merchants/:id/products',
    summary: "Search one merchant's products by name or SKU, paged",
    tags: adminTags,
    access: access.admin('merchants:read'),
    params: merchantIdParam,
    query: merchantProductSearchQuery,
    response: envelope(z.object({ products: z.array(merchantProduct), pagination })),
  }),
};
