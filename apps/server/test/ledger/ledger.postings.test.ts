import { describe, expect, it } from 'vitest';
import {
  bearerUnchanged,
  chargebackLines,
  doorRefundPaidLines,
  MERCHANT_ACCOUNTS,
  merchantAccountOf,
  paymentMovements,
  refundCashAccount,
  refundLines,
  releaseLines,
  remittanceLines,
  reversalMovements,
  wholeRefundLines,
} from '../../src/modules/ledger/ledger.postings.js';
import type { Line } from '../../src/modules/ledger/ledger.service.js';

// The ledger's posting rules without a database (issue 29 item 7, ADR 080): which accounts each money event debits and
// credits, and by how much, to the kobo. The bookings that read the books and post these lines are proven through
// the database in ledger.test.ts and the money simulation; these pin every rule so a mutant of one is seen in
// milliseconds (docs/operations/money-proofs.md).

const order = {
  id: 'order-1',
  orderName: 'NM-100',
  storeId: 'store-1',
  subtotalKobo: 1_000_000,
  discountKobo: 100_000,
  shippingFeeKobo: 250_000,
  createdAt: new Date('2026-11-29T10:00:00Z'),
  totalKobo: 1_150_000,
};
const escrowPage = { storeId: 'store-1', payableAt: null };
const payablePage = { storeId: 'store-1', payableAt: new Date('2026-11-30T10:00:00Z') };
const sum = (lines: Line[]) => lines.reduce((acc, line) => acc + line.amountKobo, 0);

describe('an order paid', () => {
  it('online: the payment into clearing and the escrow, then commission and delivery fee out of the escrow', () => {
    expect(paymentMovements(order, 90_000)).toEqual([
      {
        kind: 'payment',
        memo: 'Payment of NM-100',
        links: { orderId: 'order-1' },
        lines: [
          { account: 'payments_clearing', amountKobo: 1_150_000 },
          { account: 'merchant_escrow', storeId: 'store-1', amountKobo: -1_150_000 },
        ],
      },
      {
        kind: 'commission',
        memo: 'Commission on NM-100',
        links: { orderId: 'order-1' },
        lines: [
          { account: 'merchant_escrow', storeId: 'store-1', amountKobo: 90_000 },
          { account: 'platform_commission', amountKobo: -90_000 },
        ],
      },
      {
        kind: 'shipping_fee',
        memo: 'Shipping fee of NM-100',
        links: { orderId: 'order-1' },
        lines: [
          { account: 'merchant_escrow', storeId: 'store-1', amountKobo: 250_000 },
          { account: 'shipping_fees', amountKobo: -250_000 },
        ],
      },
    ]);
  });

  it("at the door: the carrier holds the money and the fee it took, the fee is the platform's", () => {
    const movements = paymentMovements(order, 90_000, { carrierId: 'carrier-1', feeKobo: 50_000 });
    expect(movements.slice(0, 2)).toEqual([
      {
        kind: 'pod_fee',
        memo: 'Pay-on-delivery fee of NM-100',
        links: { orderId: 'order-1' },
        lines: [
          { account: 'carrier_cash', carrierId: 'carrier-1', amountKobo: 50_000 },
          { account: 'pod_fees', amountKobo: -50_000 },
        ],
      },
      {
        kind: 'payment',
        memo: 'Payment of NM-100 at the door',
        links: { orderId: 'order-1' },
        lines: [
          { account: 'carrier_cash', carrierId: 'carrier-1', amountKobo: 1_150_000 },
          { account: 'merchant_escrow', storeId: 'store-1', amountKobo: -1_150_000 },
        ],
      },
    ]);
    expect(movements.slice(2).map((one) => one.kind)).toEqual(['commission', 'shipping_fee']);
    for (const movement of movements) expect(sum(movement.lines)).toBe(0);
  });
});

describe('cash, escrow and remittances', () => {
  it('a remittance moves the carrier cash to the platform; a release moves escrow to payable', () => {
    expect(remittanceLines('carrier-1', 1_200_000)).toEqual([
      { account: 'pod_remitted', amountKobo: 1_200_000 },
      { account: 'carrier_cash', carrierId: 'carrier-1', amountKobo: -1_200_000 },
    ]);
    expect(releaseLines('store-1', 810_000)).toEqual([
      { account: 'merchant_escrow', storeId: 'store-1', amountKobo: 810_000 },
      { account: 'merchant_payable', storeId: 'store-1', amountKobo: -810_000 },
    ]);
  });

  it("the store's money is in escrow until the order is payable", () => {
    expect(merchantAccountOf(escrowPage)).toBe('merchant_escrow');
    expect(merchantAccountOf(payablePage)).toBe('merchant_payable');
    expect(MERCHANT_ACCOUNTS).toEqual(['merchant_escrow', 'merchant_payable']);
  });
});

describe('refunds of an order', () => {
  // Items paid 900,000; commission 90,000 (so the store's due is 810,000: 9/10 of the goods).
  const basis = { itemsPaidKobo: 900_000, commissionBookedKobo: -90_000, itemsRefundedKobo: 0 };

  it('the delivery fee first, then the goods split between the store and the commission', () => {
    expect(refundLines(basis, escrowPage, [{ amountKobo: 550_000, shippingKobo: 250_000 }])).toEqual([
      [
        { account: 'payments_clearing', amountKobo: -550_000 },
        { account: 'shipping_fees', amountKobo: 250_000 },
        { account: 'merchant_escrow', storeId: 'store-1', amountKobo: 270_000 },
        { account: 'platform_commission', amountKobo: 30_000 },
      ],
    ]);
  });

  it("the rows' delivery fee is taken by the first rows, never more than a row's amount", () => {
    const lines = refundLines(basis, payablePage, [
      { amountKobo: 100_000, shippingKobo: 0 },
      { amountKobo: 300_000, shippingKobo: 250_000 },
    ]);
    // 250,000 of delivery fee for the two rows: all of the first row (100,000), 150,000 of the second.
    expect(lines).toEqual([
      [
        { account: 'payments_clearing', amountKobo: -100_000 },
        { account: 'shipping_fees', amountKobo: 100_000 },
        { account: 'merchant_payable', storeId: 'store-1', amountKobo: 0 },
        { account: 'platform_commission', amountKobo: 0 },
      ],
      [
        { account: 'payments_clearing', amountKobo: -300_000 },
        { account: 'shipping_fees', amountKobo: 150_000 },
        { account: 'merchant_payable', storeId: 'store-1', amountKobo: 135_000 },
        { account: 'platform_commission', amountKobo: 15_000 },
      ],
    ]);
  });

  it('halves round up on the running total, so refunds in steps give back exactly the due and the commission', () => {
    // Commission 1 kobo of 3: due 2 of 3. Three refunds of 1 kobo: 0.667 → 1, 1.333 → 1, 2 → 2.
    const odd = { itemsPaidKobo: 3, commissionBookedKobo: -1, itemsRefundedKobo: 0 };
    const steps = refundLines(odd, escrowPage, [
      { amountKobo: 1, shippingKobo: 0 },
      { amountKobo: 1, shippingKobo: 0 },
      { amountKobo: 1, shippingKobo: 0 },
    ]);
    expect(steps.map((lines) => [lines[2]!.amountKobo, lines[3]!.amountKobo])).toEqual([
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    // Already refunded 1 kobo in an earlier booking: the next kobo is counted from there.
    expect(
      refundLines({ ...odd, itemsRefundedKobo: 1 }, escrowPage, [{ amountKobo: 1, shippingKobo: 0 }])[0]!
        .slice(2)
        .map((line) => line.amountKobo),
    ).toEqual([0, 1]);
    // A half is rounded up: due 1 of 2, one kobo refunded gives the store 0.5 → 1.
    expect(
      refundLines({ itemsPaidKobo: 2, commissionBookedKobo: -1, itemsRefundedKobo: 0 }, escrowPage, [
        { amountKobo: 1, shippingKobo: 0 },
      ])[0]![2]!.amountKobo,
    ).toBe(1);
    for (const lines of steps) expect(sum(lines)).toBe(0);
  });

  it('every line of a refund sums to zero whatever the split', () => {
    const rows = [
      { amountKobo: 333_333, shippingKobo: 0 },
      { amountKobo: 777_777, shippingKobo: 250_000 },
    ];
    for (const lines of refundLines({ ...basis, itemsRefundedKobo: 12_345 }, escrowPage, rows))
      expect(sum(lines)).toBe(0);
  });
});

describe('a refund of an order paid at the door (ADR 089)', () => {
  const basis = { itemsPaidKobo: 900_000, commissionBookedKobo: -90_000, itemsRefundedKobo: 0 };

  it('is owed to the customer, with the same split as a card refund', () => {
    expect(refundCashAccount({ destination: 'bank_transfer' })).toBe('pod_refunds_owed');
    expect(refundCashAccount({ destination: 'provider' })).toBe('payments_clearing');
    expect(refundCashAccount({ destination: 'gift_card' })).toBe('payments_clearing');
    expect(
      refundLines(basis, escrowPage, [
        { amountKobo: 550_000, shippingKobo: 250_000, destination: 'bank_transfer' },
      ]),
    ).toEqual([
      [
        { account: 'pod_refunds_owed', amountKobo: -550_000 },
        { account: 'shipping_fees', amountKobo: 250_000 },
        { account: 'merchant_escrow', storeId: 'store-1', amountKobo: 270_000 },
        { account: 'platform_commission', amountKobo: 30_000 },
      ],
    ]);
  });

  it('paid by transfer out of the remitted cash', () => {
    expect(doorRefundPaidLines(550_000)).toEqual([
      { account: 'pod_refunds_owed', amountKobo: 550_000 },
      { account: 'pod_remitted', amountKobo: -550_000 },
    ]);
  });

  it('rejected on an order that never completes: what is owed is not what the refund gave back', () => {
    const net = [
      { account: 'pod_refunds_owed' as const, storeId: null, total: -550_000 },
      { account: 'shipping_fees' as const, storeId: null, total: 250_000 },
      { account: 'merchant_escrow' as const, storeId: 'store-1', total: 270_000 },
      { account: 'platform_commission' as const, storeId: null, total: 30_000 },
    ];
    const [reversal, kept] = reversalMovements(
      { id: 'refund-2', orderId: 'order-1', reference: 'RFD-2' },
      escrowPage,
      net,
      true,
    );
    expect(reversal!.lines[0]).toEqual({ account: 'pod_refunds_owed', storeId: null, amountKobo: 550_000 });
    expect(kept!.lines.at(-1)).toEqual({ account: 'platform_kept', amountKobo: -550_000 });
    expect(kept!.lines.some((line) => line.account === 'pod_refunds_owed')).toBe(false);
  });
});

describe('a refund rejected', () => {
  const refund = { id: 'refund-1', orderId: 'order-1', reference: 'RFD-1' };
  const net = [
    { account: 'payments_clearing' as const, storeId: null, total: -550_000 },
    { account: 'shipping_fees' as const, storeId: null, total: 250_000 },
    { account: 'merchant_escrow' as const, storeId: 'store-1', total: 270_000 },
    { account: 'platform_commission' as const, storeId: null, total: 30_000 },
    { account: 'platform_chargebacks' as const, storeId: null, total: 0 },
  ];

  it("its net lines are reversed, the store's to its current account; lines already at zero are left out", () => {
    expect(reversalMovements(refund, payablePage, net)).toEqual([
      {
        kind: 'refund_reversal',
        memo: 'Refund RFD-1 rejected',
        links: { orderId: 'order-1', refundId: 'refund-1' },
        lines: [
          { account: 'payments_clearing', storeId: null, amountKobo: 550_000 },
          { account: 'shipping_fees', storeId: null, amountKobo: -250_000 },
          { account: 'merchant_payable', storeId: 'store-1', amountKobo: -270_000 },
          { account: 'platform_commission', storeId: null, amountKobo: -30_000 },
        ],
      },
    ]);
  });

  it('on an order that never completes, what the refund gave back is taken again to platform_kept', () => {
    const [, kept] = reversalMovements(refund, escrowPage, net, true);
    expect(kept).toEqual({
      kind: 'refund_kept',
      memo: 'Refund RFD-1 rejected: kept, nothing due on the order',
      links: { orderId: 'order-1', refundId: 'refund-1' },
      lines: [
        { account: 'shipping_fees', storeId: null, amountKobo: 250_000 },
        { account: 'merchant_escrow', storeId: 'store-1', amountKobo: 270_000 },
        { account: 'platform_commission', storeId: null, amountKobo: 30_000 },
        { account: 'platform_kept', amountKobo: -550_000 },
      ],
    });
  });

  it('a refund whose lines net to nothing posts nothing', () => {
    expect(reversalMovements(refund, escrowPage, [])).toEqual([]);
    expect(
      reversalMovements(refund, escrowPage, [{ account: 'shipping_fees', storeId: null, total: 0 }], true),
    ).toEqual([]);
  });
});

describe('who bears a refund', () => {
  const parts = { merchantKobo: 270_000, commissionKobo: 30_000 };

  it("to the platform: the store's and the commission's parts move to platform_chargebacks", () => {
    expect(bearerUnchanged('platform', 0)).toBe(false);
    expect(chargebackLines('platform', 0, parts, escrowPage)).toEqual([
      { account: 'platform_chargebacks', amountKobo: 300_000 },
      { account: 'merchant_escrow', storeId: 'store-1', amountKobo: -270_000 },
      { account: 'platform_commission', amountKobo: -30_000 },
    ]);
  });

  it('back to the store: the other way, to its current account', () => {
    expect(bearerUnchanged('merchant', 300_000)).toBe(false);
    expect(chargebackLines('merchant', 300_000, parts, payablePage)).toEqual([
      { account: 'platform_chargebacks', amountKobo: -300_000 },
      { account: 'merchant_payable', storeId: 'store-1', amountKobo: 270_000 },
      { account: 'platform_commission', amountKobo: 30_000 },
    ]);
  });

  it('nothing when the books already say so', () => {
    expect(bearerUnchanged('platform', 300_000)).toBe(true);
    expect(bearerUnchanged('merchant', 0)).toBe(true);
    expect(chargebackLines('platform', 300_000, parts, escrowPage)).toBeUndefined();
    expect(chargebackLines('merchant', 0, parts, escrowPage)).toBeUndefined();
  });
});

describe('an order taken back whole before refunds had rows', () => {
  it('gives back the due, the commission and the delivery fee', () => {
    expect(wholeRefundLines({ due: 810_000, commission: 90_000 }, 250_000, payablePage)).toEqual([
      { account: 'payments_clearing', amountKobo: -1_150_000 },
      { account: 'shipping_fees', amountKobo: 250_000 },
      { account: 'merchant_payable', storeId: 'store-1', amountKobo: 810_000 },
      { account: 'platform_commission', amountKobo: 90_000 },
    ]);
  });
});
