import { and, gte, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sandboxCharges, sandboxRefunds, sandboxTransfers } from './sandbox.schema.js';
import type { ProviderSettlement, ProviderStatements, StatementWindow } from './statements.js';

const DAY_MS = 86_400_000;
/** Lagos is UTC+1 all year: a Lagos day starts at 23:00 UTC the day before. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The start (as a moment) of the Lagos day holding `moment`. */
export function lagosDayStart(moment: Date): Date {
  const shifted = moment.getTime() + LAGOS_OFFSET_MS;
  return new Date(shifted - (shifted % DAY_MS) - LAGOS_OFFSET_MS);
}

/** Paystack's transaction status of a sandbox charge: never tried is abandoned, waiting for an OTP is ongoing. */
function transactionStatus(status: string): string {
  if (status === 'success' || status === 'failed') return status;
  return status === 'send_otp' ? 'ongoing' : 'abandoned';
}

/** Paystack's default T+1: each subaccount's shares of a Lagos day's successful split charges, settled next day. */
async function sandboxSettlements(db: Db, window: StatementWindow): Promise<ProviderSettlement[]> {
  // Charges paid the day before the window's first day onwards can be settled inside it (T+1).
  const paid = await db
    .select({ paidAt: sandboxCharges.paidAt, split: sandboxCharges.split, status: sandboxCharges.status })
    .from(sandboxCharges)
    .where(
      and(
        isNotNull(sandboxCharges.split),
        isNotNull(sandboxCharges.paidAt),
        gte(sandboxCharges.paidAt, new Date(window.from.getTime() - DAY_MS)),
        lt(sandboxCharges.paidAt, window.to),
      ),
    );
  const bySubaccountDay = new Map<string, ProviderSettlement>();
  for (const charge of paid) {
    if (charge.status !== 'success' || !charge.paidAt) continue;
    const settledAt = new Date(lagosDayStart(charge.paidAt).getTime() + DAY_MS);
    if (settledAt < window.from || settledAt >= window.to) continue;
    for (const share of charge.split ?? []) {
      const day = new Date(settledAt.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
      const id = `SET_sbx_${share.subaccount}_${day}`;
      const settlement = bySubaccountDay.get(id) ?? {
        id,
        subaccount: share.subaccount,
        status: 'success',
        amountKobo: 0,
        settledAt,
      };
      settlement.amountKobo += share.share;
      bySubaccountDay.set(id, settlement);
    }
  }
  return [...bySubaccountDay.values()];
}

/**
 * The built-in sandbox's statements, read from its own tables as Paystack's list endpoints would answer them, so the
 * reconciliation screen works on the embedded default with no key. Settlements follow Paystack's default schedule
 * (T+1): each subaccount's shares of a Lagos day's successful split charges are settled at the start of the next day.
 */
export function createSandboxStatements(db: Db): ProviderStatements {
  const inWindow = (column: Parameters<typeof gte>[0], window: StatementWindow) =>
    and(gte(column, window.from), lt(column, window.to));
  return {
    name: 'sandbox',
    async transactions(window) {
      const rows = await db
        .select()
        .from(sandboxCharges)
        .where(inWindow(sandboxCharges.createdAt, window))
        .orderBy(sandboxCharges.createdAt);
      return rows.map((row) => ({
        id: row.transactionId,
        reference: row.reference,
        status: transactionStatus(row.status),
        amountKobo: row.amountKobo,
        createdAt: row.createdAt,
      }));
    },
    async refunds(window) {
      const rows = await db
        .select()
        .from(sandboxRefunds)
        .where(inWindow(sandboxRefunds.createdAt, window))
        .orderBy(sandboxRefunds.createdAt);
      return rows.map((row) => ({
        id: row.id,
        transactionReference: row.reference,
        transactionId: null,
        status: row.status,
        amountKobo: row.amountKobo,
        createdAt: row.createdAt,
      }));
    },
    async transfers(window) {
      const rows = await db
        .select()
        .from(sandboxTransfers)
        .where(inWindow(sandboxTransfers.createdAt, window))
        .orderBy(sandboxTransfers.createdAt);
      return rows.map((row) => ({
        reference: row.reference,
        transferCode: row.transferCode,
        status: row.status,
        amountKobo: row.amountKobo,
        createdAt: row.createdAt,
      }));
    },
    settlements: (window) => sandboxSettlements(db, window),
  };
}
