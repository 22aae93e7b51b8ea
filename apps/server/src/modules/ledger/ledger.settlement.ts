import { storesCannotBeSettled } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import { paystackFeeKobo } from '../../platform/payments/index.js';
import { subaccountCodes } from '../bank-accounts/index.js';
import { storeCommissionBasisPoints } from '../stores/index.js';
import { commissionOf, STANDARD_BASIS_POINTS } from './ledger.commission.js';
import type { PayoutsContext } from './ledger.payouts.js';
import { storeFigures } from './ledger.reads.js';
import type { SettlementShare, SplitOrder } from './ledger.service.js';
import { storeNameOf } from './ledger.store-facts.js';

// Subaccount settlement (ADR 051): each store's share of a split checkout, and the shares posted once Paystack
// took them.

/**
 * Each store's share of a checkout about to be paid, for Paystack's flat split: what its order is due (item
 * subtotal − discount − commission, by `commissionOf` at the store's rate now, the rule the payment posts with),
 * plus what the books say the platform still owes it (negative: a refund after it was settled, which it owes), so
 * every difference (a refund after settlement, a rate changed before payment, a share cut short) is made good on
 * the store's next sale. Never below zero; all shares together leave the platform Paystack's fee, which its account
 * bears, so a checkout mostly paid by gift card may carry a store's share over to its next sale. Throws CONFLICT
 * when a store has no subaccount (the cart refuses such a checkout first).
 */
export async function settlementSplit(
  // Bound with the ledger's context like its siblings; the split reads only the stores' and bank accounts' facts.
  _ctx: PayoutsContext,
  executor: Db,
  orders: SplitOrder[],
  amountKobo: number,
): Promise<SettlementShare[]> {
  if (orders.length === 0) return [];
  const storeIds = [...new Set(orders.map((order) => order.storeId))];
  const codes = await subaccountCodes(executor, storeIds);
  const missing = storeIds.filter((id) => !codes.has(id));
  if (missing.length > 0) {
    const names = await Promise.all(missing.map((id) => storeNameOf(executor, id)));
    throw conflict(storesCannotBeSettled(names.map((name) => name ?? 'A store')));
  }
  const shares: SettlementShare[] = [];
  let room = amountKobo - paystackFeeKobo(amountKobo);
  for (const order of orders) {
    const basisPoints = (await storeCommissionBasisPoints(executor, order.storeId)) ?? STANDARD_BASIS_POINTS;
    const due =
      order.subtotalKobo -
      order.discountKobo -
      commissionOf(order.subtotalKobo, order.discountKobo, basisPoints);
    const figures = await storeFigures(executor, order.storeId);
    const owed = figures.escrowKobo + figures.payableKobo;
    const share = Math.max(0, Math.min(due + owed, room));
    room -= share;
    if (share > 0) {
      shares.push({
        party: order.storeId,
        subaccount: codes.get(order.storeId)!,
        shareKobo: share,
        orderId: order.id,
      });
    }
  }
  return shares;
}

/**
 * Paystack took a split charge: each store's share left the platform's money for the store's subaccount. Posted
 * on the store's payable (it may run ahead of the orders' completion: a debit there is "settled early", cleared as
 * the orders complete), in the settling transaction.
 */
export async function settleSplit(
  ctx: PayoutsContext,
  executor: Db,
  reference: string,
  shares: SettlementShare[],
) {
  // Called once per payment: the payments service settles a reference once, under its row lock.
  const memo = `Settled by Paystack to the store's subaccount (${reference})`;
  await ctx.postMany(
    executor,
    shares.map((share) => ({
      kind: 'settlement' as const,
      memo,
      links: { orderId: share.orderId ?? null },
      lines: [
        { account: 'merchant_payable' as const, storeId: share.party, amountKobo: share.shareKobo },
        { account: 'payments_clearing' as const, amountKobo: -share.shareKobo },
      ],
    })),
  );
}
