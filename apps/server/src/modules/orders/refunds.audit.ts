import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import type { ItemRow, OrderRow, RefundRow } from './orders.repository.js';
import type { BookedRefund, BookRefundInput } from './refunds.rules.js';
import { unitsTaken } from './refunds.rules.js';

/**
 * The order's own line of a refund just booked of it (issue 33, ADR 072), in the booking's transaction: a refund's
 * other lines name the return or the refund row, so without this one the order's trail would not show its money
 * going back. Whatever asked for it (a store's or the platform's return decision, a cancellation, a card dispute),
 * before → after is whether the order is refunded in part or whole (`refund`) and what was refunded of it in all
 * (`refundedKobo`); then this refund's amount, kind and references; the reason is the refund's own.
 */
export async function auditOrderRefund(
  executor: Db,
  input: BookRefundInput,
  read: { order: OrderRow; items: ItemRow[]; previous: RefundRow[] },
  booked: BookedRefund,
) {
  const { order, items } = read;
  const rows = [...read.previous, ...booked.rows];
  const bookedIds = new Set(booked.rows.map((row) => row.id));
  // A rejected refund's money never went back: it counts in neither figure.
  const standing = rows.filter((row) => row.status !== 'rejected');
  const refundedBefore = standing
    .filter((row) => !bookedIds.has(row.id))
    .reduce((total, row) => total + row.amountKobo, 0);
  const taken = unitsTaken(standing);
  const whole = items.every((item) => (taken.get(item.id) ?? 0) >= item.quantity);
  await recordAudit(executor, {
    action: 'order.refund',
    subjectType: 'order',
    subjectId: order.id,
    storeId: order.storeId,
    before: { refund: refundedBefore > 0 ? 'in part' : 'nothing', refundedKobo: refundedBefore },
    after: {
      refund: whole ? 'in whole' : 'in part',
      refundedKobo: refundedBefore + booked.amountKobo,
      amountKobo: booked.amountKobo,
      kind: input.kind,
      references: booked.rows.map((row) => row.reference).join(', '),
    },
    reason: input.reason,
  });
}
