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

/**
 * The steps of the owner's setup guide (issue 35 item 6), in the order a new store usually takes them. Each is done
 * or not from the server's own records, never from what the browser remembers.
 */
export const setupStepKeys = [
  'profile',
  'kyc',
  'bankAccount',
  'policies',
  'firstProduct',
  'theme',
  'firstSale',
] as const;
export type SetupStepKey = (typeof setupStepKeys)[number];

/** The policies a store must write before the guide counts the step done: what customers ask first. */
export const SETUP_REQUIRED_POLICIES = ['shipping', 'returns'] as const;

export const setupStep = z.object({
  key: z.enum(setupStepKeys),
  done: z.boolean(),
});
export type SetupStep = z.infer<typeof setupStep>;

export const setupGuide = z.object({
  /** Every step, in guide order. */
  steps: z.array(setupStep),
  doneCount: z.number().int(),
  /** True once every step is done: the dashboard then hides the guide. */
  complete: z.boolean(),
});
export type SetupGuide = z.infer<typeof setupGuide>;

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
  setupGuide: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/setup-guide',
    summary:
      "The owner's setup checklist: profile, KYC, bank account, policies, first product, theme and first sale, each done or not",
    tags: ['Merchant dashboard'],
    // The owner's (bank:write is held by no built-in role but the owner): the guide's steps are the owner's to take,
    // the payout account among them, and it says whether the identity checks and the bank account are done.
    access: access.merchant('bank:write'),
    response: envelope(setupGuide),
  }),
};
