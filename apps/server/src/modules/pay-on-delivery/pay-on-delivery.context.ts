import { koboToNaira, type PodCollection, type PodSettings, type Remittance } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { type podCollections, podRemittances, podSettings } from './pay-on-delivery.schema.js';

// What the pay-on-delivery service's functions share (ADR 091): the deps, the admin's rules as they are read, and how
// its rows read to their callers.

/** The rules until an admin saves their own: off, ₦100,000 per order, ₦500 fee, 2 refusals in 90 days, ₦500,000. */
export const POD_DEFAULTS = {
  enabled: false,
  zoneIds: [] as string[],
  maxOrderKobo: 10_000_000,
  feeKobo: 50_000,
  refusalLimit: 2,
  refusalPeriodDays: 90,
  carrierCashLimitKobo: 50_000_000,
};

export type Rules = typeof POD_DEFAULTS & { updatedAt: Date | null };

/** An order as pay on delivery needs it (the orders module's row). */
export interface PodOrder {
  id: string;
  orderName: string;
  storeId: string;
  customerId: string;
  totalKobo: number;
  podFeeKobo: number;
}

export interface PodCarrier {
  id: string;
  kind: 'dispatcher' | 'partner' | 'hub';
  name: string;
}

/** The customer's cart priced for an address (the cart service's pricing, called by the pay-on-delivery flow). */
export interface PricedCart {
  state: string | null;
  stores: { storeId: string; storeName: string; totalKobo: number }[];
}

type RemittanceRow = typeof podRemittances.$inferSelect;
type CollectionRow = typeof podCollections.$inferSelect;

/** What the pay-on-delivery service's functions work with. */
export interface PodContext {
  deps: Deps;
  db: Db;
}

export function remittanceView(row: RemittanceRow): Remittance {
  return {
    id: row.id,
    carrierId: row.carrierId,
    carrierName: row.carrierName,
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    orderCount: row.orderCount,
    status: row.status,
    decisionNote: row.decisionNote,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function collectionView(row: CollectionRow): PodCollection {
  return {
    orderId: row.orderId,
    orderName: row.orderName,
    method: row.method,
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    fee: koboToNaira(row.feeKobo),
    collectedAt: row.collectedAt.toISOString(),
    remittanceId: row.remittanceId,
    remittedAt: row.remittedAt?.toISOString() ?? null,
  };
}

export const settingsView = (r: Rules): PodSettings => ({
  enabled: r.enabled,
  zoneIds: r.zoneIds,
  maxOrder: koboToNaira(r.maxOrderKobo),
  fee: koboToNaira(r.feeKobo),
  refusalLimit: r.refusalLimit,
  refusalPeriodDays: r.refusalPeriodDays,
  carrierCashLimit: koboToNaira(r.carrierCashLimitKobo),
  updatedAt: r.updatedAt?.toISOString() ?? null,
});

/** The admin's rules, or the defaults until an admin saves their own. */
export async function rules(executor: Db): Promise<Rules> {
  const [row] = await executor.select().from(podSettings).where(eq(podSettings.id, 1));
  return row
    ? {
        enabled: row.enabled,
        zoneIds: row.zoneIds,
        maxOrderKobo: row.maxOrderKobo,
        feeKobo: row.feeKobo,
        refusalLimit: row.refusalLimit,
        refusalPeriodDays: row.refusalPeriodDays,
        carrierCashLimitKobo: row.carrierCashLimitKobo,
        updatedAt: row.updatedAt,
      }
    : { ...POD_DEFAULTS, updatedAt: null };
}

export async function remittanceRow(executor: Db, id: string, lock = false) {
  const query = executor.select().from(podRemittances).where(eq(podRemittances.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Remittance not found');
  return row;
}
