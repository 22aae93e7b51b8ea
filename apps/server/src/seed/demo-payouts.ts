// Demo payouts (issue 8): a completed order of the demo merchant whose return window has passed, so an admin can
// approve the demo store's payout at once. Like the rest of src/seed it writes the order's facts directly, once;
// its money is booked at start by the same flow steps as a live order's (payment, then completion: ADR 047), so
// the seed writes nothing of the ledger's.
import type { Logger } from 'pino';
import type { Db } from '../platform/db/client.js';
import {
  deliveredStep,
  demoPartiesFor,
  insertDeliveredDemoOrder,
  insertDemoActivities,
  placedAndPaidSteps,
} from './demo-delivered-order.js';

const NAME = 'NM-DEMO0009';

export async function seedDemoPayouts(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  const parties = await demoPartiesFor(db, NAME, 2);
  if (!parties) return 0;
  const day = 24 * 60 * 60 * 1000;
  const placed = new Date(now.getTime() - 12 * day);
  const deliveredAt = new Date(now.getTime() - 10 * day);
  const completedAt = new Date(now.getTime() - 3 * day);
  await db.transaction(async (tx) => {
    const { order } = await insertDeliveredDemoOrder(tx, parties, {
      orderName: NAME,
      reference: 'CHK-DEMO-9',
      placed,
      deliveredAt,
      order: {
        status: 'completed',
        updatedAt: completedAt,
      },
    });
    await insertDemoActivities(tx, order, [
      ...placedAndPaidSteps(placed),
      deliveredStep(deliveredAt),
      ['completed', 'The return window has closed; your order is complete.', 'system', completedAt],
    ]);
  });
  logger?.info({ order: NAME }, 'demo payable order seeded');
  return 1;
}
