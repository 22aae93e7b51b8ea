// Demo payouts (issue 8): a completed order of the demo merchant whose return window has passed, with its
// commission, due amount and the ledger's movements (payment, commission, shipping fee, escrow released), so an
// admin can approve the demo store's payout at once. Like the rest of src/seed it writes tables directly, once.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ledgerEntries } from '../modules/ledger/ledger.schema.js';
import { commissionOf } from '../modules/ledger/ledger.service.js';
import { paymentCategories } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';
import {
  deliveredStep,
  demoOrderAmounts,
  demoPartiesFor,
  insertDeliveredDemoOrder,
  insertDemoActivities,
  placedAndPaidSteps,
} from './demo-delivered-order.js';

const NAME = 'NM-DEMO0009';

export async function seedDemoPayouts(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  const parties = await demoPartiesFor(db, NAME, 2);
  if (!parties) return 0;
  const { store } = parties;
  const [category] = await db
    .select()
    .from(paymentCategories)
    .where(eq(paymentCategories.slug, store.paymentCategory));
  if (!category) return 0;
  const day = 24 * 60 * 60 * 1000;
  const placed = new Date(now.getTime() - 12 * day);
  const deliveredAt = new Date(now.getTime() - 10 * day);
  const completedAt = new Date(now.getTime() - 3 * day);
  const { subtotal, shipping } = demoOrderAmounts(parties);
  const commission = commissionOf(subtotal, 0, category.commissionBasisPoints);
  const due = subtotal - commission;
  await db.transaction(async (tx) => {
    const { order } = await insertDeliveredDemoOrder(tx, parties, {
      orderName: NAME,
      reference: 'CHK-DEMO-9',
      placed,
      deliveredAt,
      order: {
        status: 'completed',
        commissionBasisPoints: category.commissionBasisPoints,
        commissionKobo: commission,
        dueToMerchantKobo: due,
        payableAt: completedAt,
        updatedAt: completedAt,
      },
    });
    await insertDemoActivities(tx, order, [
      ...placedAndPaidSteps(placed),
      deliveredStep(deliveredAt),
      ['completed', 'The return window has closed; your order is complete.', 'system', completedAt],
    ]);
    // The books, as the ledger module posts them at payment and at completion (each movement sums to zero).
    const movement = (
      kind: 'payment' | 'commission' | 'shipping_fee' | 'escrow_release',
      memo: string,
      at: Date,
      lines: [
        account: (typeof ledgerEntries.$inferInsert)['account'],
        storeId: string | null,
        kobo: number,
      ][],
    ) => {
      const movementId = randomUUID();
      return lines.map(([account, storeId, amountKobo]) => ({
        movementId,
        kind,
        account,
        storeId,
        orderId: order.id,
        amountKobo,
        memo,
        createdAt: at,
      }));
    };
    const paidKobo = subtotal + shipping;
    await tx.insert(ledgerEntries).values([
      ...movement('payment', `Payment of ${NAME}`, placed, [
        ['payments_clearing', null, paidKobo],
        ['merchant_escrow', store.id, -paidKobo],
      ]),
      ...movement('commission', `Commission on ${NAME}`, placed, [
        ['merchant_escrow', store.id, commission],
        ['platform_commission', null, -commission],
      ]),
      ...movement('shipping_fee', `Shipping fee of ${NAME}`, placed, [
        ['merchant_escrow', store.id, shipping],
        ['shipping_fees', null, -shipping],
      ]),
      ...movement('escrow_release', `${NAME} completed: payable`, completedAt, [
        ['merchant_escrow', store.id, due],
        ['merchant_payable', store.id, -due],
      ]),
    ]);
  });
  logger?.info({ order: NAME }, 'demo payable order seeded');
  return 1;
}
