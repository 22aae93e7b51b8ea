import { mulDivHalfUp } from './ledger.commission.js';
import type { LedgerAccount } from './ledger.schema.js';
import type { CashAtTheDoor, Line, Movement, OrderFacts, RefundFacts } from './ledger.service.js';

// The ledger's posting rules, pure (ADR 027, 059, 074, 080): which accounts each money event debits and credits, and
// by how much. `ledger.bookings.ts` reads the figures these need from the books (under the order page's lock) and
// posts what they answer; nothing here reads or writes the database, so every rule is pinned by a unit test and
// measured by mutation testing without an app (docs/operations/money-proofs.md). Amounts are integer kobo; a
// positive line is a debit, a negative one a credit, and every movement's lines sum to zero.

export const MERCHANT_ACCOUNTS: readonly LedgerAccount[] = ['merchant_escrow', 'merchant_payable'];

/** Where the store's money of an order sits: escrow until the order is payable, payable after. */
export const merchantAccountOf = (page: { payableAt: Date | null }): LedgerAccount =>
  page.payableAt ? 'merchant_payable' : 'merchant_escrow';

/**
 * An order paid (online, or at the door to a carrier): the money into clearing (or the carrier's cash) and the
 * store's escrow, the commission and the delivery fee out of that escrow; at the door, the fee the carrier took too.
 */
/** The memo of an order's commission movement (made in SQL at payment, `bookPaymentsAtOnce`). */
export function commissionMemo(order: Pick<OrderFacts, 'orderName'>): string {
  return `Commission on ${order.orderName}`;
}

export function paymentMovements(
  order: OrderFacts,
  commissionKobo: number,
  atTheDoor?: CashAtTheDoor,
): Movement[] {
  const shipping = order.shippingFeeKobo;
  const links = { orderId: order.id };
  const store = order.storeId;
  const paid = order.subtotalKobo - order.discountKobo + shipping;
  const movements: Movement[] = [];
  // Paid at the door (ADR 074): the carrier holds the money until it remits it, the fee is the platform's.
  const from: Line = atTheDoor
    ? { account: 'carrier_cash', carrierId: atTheDoor.carrierId, amountKobo: paid }
    : { account: 'payments_clearing', amountKobo: paid };
  if (atTheDoor)
    movements.push({
      kind: 'pod_fee',
      memo: `Pay-on-delivery fee of ${order.orderName}`,
      links,
      lines: [
        { account: 'carrier_cash', carrierId: atTheDoor.carrierId, amountKobo: atTheDoor.feeKobo },
        { account: 'pod_fees', amountKobo: -atTheDoor.feeKobo },
      ],
    });
  movements.push(
    {
      kind: 'payment',
      memo: atTheDoor ? `Payment of ${order.orderName} at the door` : `Payment of ${order.orderName}`,
      links,
      lines: [from, { account: 'merchant_escrow', storeId: store, amountKobo: -paid }],
    },
    {
      kind: 'commission',
      memo: commissionMemo(order),
      links,
      lines: [
        { account: 'merchant_escrow', storeId: store, amountKobo: commissionKobo },
        { account: 'platform_commission', amountKobo: -commissionKobo },
      ],
    },
    {
      kind: 'shipping_fee',
      memo: `Shipping fee of ${order.orderName}`,
      links,
      lines: [
        { account: 'merchant_escrow', storeId: store, amountKobo: shipping },
        { account: 'shipping_fees', amountKobo: -shipping },
      ],
    },
  );
  return movements;
}

/** A carrier's remittance confirmed (ADR 074): the cash it held moves to the platform's account. */
export function remittanceLines(carrierId: string, amountKobo: number): Line[] {
  return [
    { account: 'pod_remitted', amountKobo },
    { account: 'carrier_cash', carrierId, amountKobo: -amountKobo },
  ];
}

/** An order's escrow (`heldKobo`, what the store is owed) becomes payable. */
export function releaseLines(storeId: string, heldKobo: number): Line[] {
  return [
    { account: 'merchant_escrow', storeId, amountKobo: heldKobo },
    { account: 'merchant_payable', storeId, amountKobo: -heldKobo },
  ];
}

/**
 * Where a refund's money leaves from: the provider's clearing account, or, for an order paid at the door (ADR 089),
 * what the platform owes its customer until an admin records the transfer that paid it.
 */
export const refundCashAccount = (row: { destination?: string }): LedgerAccount =>
  row.destination === 'bank_transfer' ? 'pod_refunds_owed' : 'payments_clearing';

/** A refund of an order paid at the door paid by the platform's transfer, out of the cash carriers remitted. */
export function doorRefundPaidLines(amountKobo: number): Line[] {
  return [
    { account: 'pod_refunds_owed', amountKobo },
    { account: 'pod_remitted', amountKobo: -amountKobo },
  ];
}

/** What the books say of an order before its refund rows are posted. */
export interface RefundBasis {
  /** Items paid for: subtotal − discount. */
  itemsPaidKobo: number;
  /** The order's commission as booked (a credit of platform_commission: negative). */
  commissionBookedKobo: number;
  /** The goods part refunded so far (its store and commission lines, net of reversals). */
  itemsRefundedKobo: number;
}

/**
 * Refund rows of one order (ADR 026, 027): each row's delivery fee part first (up to the rows' shipping), the rest
 * goods, split between the store (its current account) and the commission in proportion due/(subtotal − discount),
 * counted on the running total of the order's refunded goods, so that refunding everything in any number of steps
 * gives back exactly the due amount and the commission.
 */
export function refundLines(
  basis: RefundBasis,
  page: { storeId: string; payableAt: Date | null },
  rows: Pick<RefundFacts, 'amountKobo' | 'shippingKobo' | 'destination'>[],
): Line[][] {
  const itemsPaid = basis.itemsPaidKobo;
  const originalDue = itemsPaid + basis.commissionBookedKobo;
  let itemsRefunded = basis.itemsRefundedKobo;
  let shippingLeft = rows.reduce((acc, row) => acc + row.shippingKobo, 0);
  const merchantAccount = merchantAccountOf(page);
  return rows.map((row) => {
    const shipping = Math.min(row.amountKobo, shippingLeft);
    shippingLeft -= shipping;
    const items = row.amountKobo - shipping;
    const merchantShare =
      mulDivHalfUp(itemsRefunded + items, originalDue, itemsPaid) -
      mulDivHalfUp(itemsRefunded, originalDue, itemsPaid);
    itemsRefunded += items;
    return [
      { account: refundCashAccount(row), amountKobo: -row.amountKobo },
      { account: 'shipping_fees', amountKobo: shipping },
      { account: merchantAccount, storeId: page.storeId, amountKobo: merchantShare },
      { account: 'platform_commission', amountKobo: items - merchantShare },
    ];
  });
}

/** A refund's net lines as the books hold them (per account and store). */
export interface NetLine {
  account: LedgerAccount;
  storeId: string | null;
  total: number;
}

/**
 * A refund rejected: its net lines reversed, the store's part to its current account; on an order that will never
 * complete (`kept`, ADR 059) the money the refund gave back is taken again to `platform_kept`.
 */
export function reversalMovements(
  refund: Pick<RefundFacts, 'id' | 'orderId' | 'reference'>,
  page: { payableAt: Date | null },
  lines: NetLine[],
  kept = false,
): Movement[] {
  const net = lines.filter((line) => line.total !== 0);
  if (net.length === 0) return [];
  const account = (line: NetLine) =>
    MERCHANT_ACCOUNTS.includes(line.account) ? merchantAccountOf(page) : line.account;
  const links = { orderId: refund.orderId, refundId: refund.id };
  const movements: Movement[] = [
    {
      kind: 'refund_reversal',
      memo: `Refund ${refund.reference} rejected`,
      links,
      lines: net.map((line) => ({ account: account(line), storeId: line.storeId, amountKobo: -line.total })),
    },
  ];
  if (kept) {
    // What the refund gave back, not where its money left from (clearing, or owed to a customer paid at the door).
    const given = net.filter(
      (line) => line.account !== 'payments_clearing' && line.account !== 'pod_refunds_owed',
    );
    movements.push({
      kind: 'refund_kept',
      memo: `Refund ${refund.reference} rejected: kept, nothing due on the order`,
      links,
      lines: [
        ...given.map((line) => ({ account: account(line), storeId: line.storeId, amountKobo: line.total })),
        { account: 'platform_kept', amountKobo: -given.reduce((acc, line) => acc + line.total, 0) },
      ],
    });
  }
  return movements;
}

/** The books already say who bears the refund (`borneKobo`: what `platform_chargebacks` holds of it). */
export const bearerUnchanged = (to: 'merchant' | 'platform', borneKobo: number): boolean =>
  (to === 'platform') === (borneKobo !== 0);

/**
 * Who bears a refund changes: to the platform, its store and commission parts move to `platform_chargebacks`; back
 * to the store, the other way. Undefined when the books already say so.
 */
export function chargebackLines(
  to: 'merchant' | 'platform',
  borneKobo: number,
  parts: { merchantKobo: number; commissionKobo: number },
  page: { storeId: string; payableAt: Date | null },
): Line[] | undefined {
  if (bearerUnchanged(to, borneKobo)) return undefined;
  const sign = to === 'platform' ? 1 : -1;
  return [
    { account: 'platform_chargebacks', amountKobo: sign * (parts.merchantKobo + parts.commissionKobo) },
    { account: merchantAccountOf(page), storeId: page.storeId, amountKobo: -sign * parts.merchantKobo },
    { account: 'platform_commission', amountKobo: -sign * parts.commissionKobo },
  ];
}

/** An order taken back whole before refunds had rows (ADR 026): everything it holds given back. */
export function wholeRefundLines(
  figures: { due: number; commission: number },
  shippingFeeKobo: number,
  page: { storeId: string; payableAt: Date | null },
): Line[] {
  return [
    { account: 'payments_clearing', amountKobo: -(figures.due + figures.commission + shippingFeeKobo) },
    { account: 'shipping_fees', amountKobo: shippingFeeKobo },
    { account: merchantAccountOf(page), storeId: page.storeId, amountKobo: figures.due },
    { account: 'platform_commission', amountKobo: figures.commission },
  ];
}
