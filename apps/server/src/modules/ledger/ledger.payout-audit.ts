import { type AuditRecord, recordAudits } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import type { PayoutRow } from './ledger.payout-rows.js';

/**
 * A payout's approval in the audit trail (ADR 072), in the approval's transaction: the payout's own line, and one
 * line per order whose money it carries (issue 33), so each order's trail shows its money approved for payout, with
 * the payout's reference and the order's part of it. `carried` is what the payout takes of each order.
 */
export async function auditPayoutApproval(
  tx: Db,
  row: PayoutRow,
  bankName: string,
  carried: readonly { orderId: string; amountKobo: number }[],
) {
  const payoutLine: AuditRecord = {
    action: 'payout.approve',
    subjectType: 'payout',
    subjectId: row.id,
    storeId: row.storeId,
    after: {
      reference: row.reference,
      amountKobo: row.amountKobo,
      orderCount: row.orderCount,
      bankName,
      accountNumberLast4: row.accountNumberLast4,
    },
  };
  const orderLines = carried.map(
    (line): AuditRecord => ({
      action: 'order.payout',
      subjectType: 'order',
      subjectId: line.orderId,
      storeId: row.storeId,
      before: { storeMoney: 'payable' },
      after: {
        storeMoney: 'approved for payout',
        amountKobo: line.amountKobo,
        payoutReference: row.reference,
        payoutAmountKobo: row.amountKobo,
      },
    }),
  );
  await recordAudits(tx, [payoutLine, ...orderLines]);
}
