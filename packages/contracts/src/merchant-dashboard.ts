import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

// The merchant dashboard's figures: one call the home screen of a store makes. Days and weeks are Nigerian
// (Africa/Lagos, UTC+1, no daylight saving); a week starts on Monday.

/** How many low-stock products the dashboard names; the low-stock page lists them all. */
export const DASHBOARD_LOW_STOCK_LIMIT = 5;

const salesFigure = z.object({
  /** Paid orders of the store in the period (cancelled and returned orders left out). */
  ordersCount: z.number().int(),
  /** What customers paid for this store's goods in those orders, after discounts, without shipping (kobo). */
  salesKobo: z.number().int(),
});

export const dashboardLowStockProduct = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  stockAlertUnits: z.number().int(),
});
export type DashboardLowStockProduct = z.infer<typeof dashboardLowStockProduct>;

export const merchantDashboard = z.object({
  /** When the figures were read, and where today and this week began. */
  asOf: isoDateTime,
  todayStartsAt: isoDateTime,
  weekStartsAt: isoDateTime,
  today: salesFigure,
  week: salesFigure,
  lowStock: z.object({
    /** Products at or under their stock alert units, sold-out ones included. */
    count: z.number().int(),
    /** The lowest first, at most DASHBOARD_LOW_STOCK_LIMIT. */
    products: z.array(dashboardLowStockProduct),
  }),
  needsAction: z.object({
    /** Paid orders waiting for the store to accept them. */
    ordersToAccept: z.number().int(),
    productsPendingApproval: z.number().int(),
    productsRejected: z.number().int(),
  }),
});
export type MerchantDashboard = z.infer<typeof merchantDashboard>;

export const merchantDashboardEndpoints = {
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/dashboard',
    summary:
      "The store's figures: today's and this week's paid orders and sales, low stock, and what needs action",
    tags: ['Merchant dashboard'],
    access: access.merchant('reports:read'),
    response: envelope(merchantDashboard),
  }),
};
