import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';
// A return belongs to one order of the orders module (foreign key only; ADR 010 allows a schema to import another
// schema for that).
import { orders } from '../orders/orders.schema.js';

export type ReturnStatus =
  | 'requested'
  | 'approved'
  | 'rejected'
  | 'item_received'
  | 'refunded'
  | 'replacement_sent'
  | 'closed';

/** Units of one order item the customer sends back, as they were when the return was asked. */
export interface ReturnLine {
  orderItemId: string;
  productId: string;
  variantId: string | null;
  productName: string;
  sku: string;
  quantity: number;
  unitPriceKobo: number;
  hostedImages: string[];
}

/** A return or replacement of some units of one delivered order (issue 8; ADR 026). */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Copied from the order when the return is asked, so lists need no join across modules. */
    orderName: text().notNull(),
    customerId: uuid().notNull(),
    customerName: text().notNull(),
    storeId: uuid().notNull(),
    storeName: text().notNull(),
    merchantId: uuid().notNull(),
    type: text().$type<'return' | 'replace'>().notNull(),
    status: text().$type<ReturnStatus>().notNull().default('requested'),
    reason: text().notNull(),
    photos: jsonb().$type<string[]>().notNull().default([]),
    lines: jsonb().$type<ReturnLine[]>().notNull(),
    /** What the refund came to (kobo), once refunded. */
    refundKobo: kobo(),
    replacementOrderId: uuid(),
    merchantNote: text(),
    /** none, open (the customer asked the platform after a rejection), upheld, dismissed. */
    disputeStatus: text().$type<'none' | 'open' | 'upheld' | 'dismissed'>().notNull().default('none'),
    disputeReason: text(),
    disputeNote: text(),
    /** Who bears the refund: the store (charged back) or the platform; null until an admin decides. */
    chargeback: text().$type<'merchant' | 'platform'>(),
    chargebackNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_returns_order_idx').on(table.orderId),
    index('order_returns_store_idx').on(table.storeId, table.createdAt),
    index('order_returns_customer_idx').on(table.customerId, table.createdAt),
    index('order_returns_disputed_idx').on(table.createdAt).where(sql`dispute_status = 'open'`),
    // Returns waiting for the store's decision, oldest first (service levels).
    index('order_returns_requested_idx').on(table.createdAt).where(sql`status = 'requested'`),
    // At most one return in progress per order.
    uniqueIndex('order_returns_open_key')
      .on(table.orderId)
      .where(sql`status in ('requested', 'approved', 'item_received')`),
  ],
);

export type PickupStatus = 'requested' | 'assigned' | 'collected' | 'delivered_to_store' | 'cancelled';

/**
 * The trip of a return's goods back to the store (issue 23, ADR 060): customer → carrier → store. One per return,
 * made when the store approves it. The customer's pickup token is kept as its hash for the check and in clear for
 * the customer's own screen, as an order's delivery token is (ADR 019).
 */
export const returnPickups = pgTable(
  'return_pickups',
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderId: uuid().notNull(),
    storeId: uuid().notNull(),
    customerId: uuid().notNull(),
    status: text().$type<PickupStatus>().notNull().default('requested'),
    carrierKind: text().$type<'partner' | 'dispatcher'>(),
    partnerId: uuid(),
    dispatcherId: uuid(),
    carrierName: text(),
    assignedBy: uuid(),
    assignedAt: timestamp({ withTimezone: true }),
    pickupToken: text(),
    /** Hex SHA-256 of the pickup token. */
    tokenHash: text(),
    wrongAttempts: integer().notNull().default(0),
    locked: boolean().notNull().default(false),
    collectEvidence: text(),
    collectedAt: timestamp({ withTimezone: true }),
    dropOffEvidence: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('return_pickups_return_key').on(table.returnId),
    index('return_pickups_status_idx').on(table.status, table.createdAt),
    index('return_pickups_partner_idx').on(table.partnerId, table.createdAt),
    index('return_pickups_dispatcher_idx').on(table.dispatcherId, table.createdAt),
  ],
);
