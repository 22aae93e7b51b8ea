import {
  adminPayoutEndpoints,
  adminReturnEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  merchantPayoutEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerOrders, payouts } from '../../src/modules/ledger/ledger.schema.js';
import { commissionOf, commissionSql, mulDivHalfUp } from '../../src/modules/ledger/ledger.service.js';
import { orderReturns } from '../../src/modules/returns/returns.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { createSandboxTransfers, sandboxSecret } from '../../src/platform/payments/index.js';
import { caller, type Dispatcher, deliveredOrder, paidOrder } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { inviteStaff } from '../support/staff-factory.js';
import { createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import {
  ledgerTotal,
  orderRow,
  payableOrder,
  saveBankAccount,
  unbalancedMovements,
} from './ledger-support.js';

// Issue 8: commission and due at payment, escrow until the order completes, refunds off the due amount (a debt
// after payout), payouts approved by admins and paid through the sandbox's signed transfer webhook; the books
// always add up to zero. Every endpoint is tried by the other store and by every other kind of account.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const kobo = (naira: number) => Math.round(naira * 100);
const balances = async (token: string) =>
  json(await call('GET', urlOf(merchantPayoutEndpoints.balances), token)).data as {
    escrow: number;
    payable: number;
    approved: number;
    processed: number;
  };
const approve = (storeId: string, token = setup.admin.accessToken) =>
  call('POST', urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId } }), token);

async function returnUnits(
  paid: { orderId: string; productId: string; customer: { token: string } },
  seller: SellingStore,
  quantity: number,
  chargeback?: 'platform',
) {
  const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
    orderId: paid.orderId,
    type: 'return',
    reason: 'One of them does not charge at all.',
    items: [{ productId: paid.productId, quantity }],
  });
  expect(created.statusCode).toBe(201);
  const id = json(created).data.id as string;
  if (chargeback) {
    const decided = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.chargebackDecision, { params: { id } }),
      setup.admin.accessToken,
      {
        decision: chargeback,
        note: 'Decided by the ledger test.',
      },
    );
    expect(decided.statusCode).toBe(200);
  }
  for (const status of ['approved', 'item_received']) {
    const moved = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id } }),
      seller.accessToken,
      {
        status,
      },
    );
    expect(moved.statusCode).toBe(200);
  }
  const decided = await call(
    'PATCH',
    urlOf(merchantReturnEndpoints.refundDecision, { params: { id } }),
    seller.accessToken,
    {
      decision: 'refund',
    },
  );
  expect(decided.statusCode).toBe(200);
  return id;
}

describe('commission arithmetic', () => {
  it('rounds half up with integers only, and never takes more than the store gets after its discount', () => {
    expect(mulDivHalfUp(12_345, 750, 10_000)).toBe(926); // 925.875
    expect(mulDivHalfUp(10, 500, 10_000)).toBe(1); // 0.5 → 1
    expect(mulDivHalfUp(9, 500, 10_000)).toBe(0); // 0.45 → 0
    expect(mulDivHalfUp(900_000_000_000, 900_000_000_000, 1_000_000_000_000)).toBe(810_000_000_000);
    expect(commissionOf(100_000, 0, 1000)).toBe(10_000);
    expect(commissionOf(100_000, 95_000, 1000)).toBe(5_000);
    expect(commissionOf(100_000, 100_000, 1000)).toBe(0);
  });

  it('is the same in SQL, where payment sets it (ADR 037), as in commissionOf', async () => {
    const cases = [
      [12_345, 0, 750],
      [10, 0, 500],
      [9, 0, 500],
      [100_000, 95_000, 1000],
      [100_000, 100_000, 1000],
      [100_000, 120_000, 1000],
      [2_000_000_000, 0, 10_000],
      [999_999, 1, 1234],
      [1, 0, 5000],
      [3, 0, 5000],
    ] as const;
    for (const [subtotal, discount, basisPoints] of cases) {
      const result = await test.database.db.execute(
        sql`select ${commissionSql(sql`${subtotal}::integer`, sql`${discount}::integer`, sql`${basisPoints}::integer`)} as commission`,
      );
      const [row] = (result as unknown as { rows: { commission: number }[] }).rows;
      expect(Number(row!.commission)).toBe(commissionOf(subtotal, discount, basisPoints));
    }
  });
});

describe('payment: commission, due amount and escrow', () => {
  it("sets the order's commission from the store's category and holds the due amount in escrow", async () => {
    const before = await balances(store.accessToken);
    const paid = await paidOrder(test, setup, store, { quantity: 2, price: 4_999 });
    const order = await orderRow(test, paid.orderId);
    expect(order.commissionBasisPoints).toBe(1000);
    expect(order.commissionKobo).toBe(mulDivHalfUp(order.subtotalKobo, 1000, 10_000));
    expect(order.dueToMerchantKobo).toBe(order.subtotalKobo - order.commissionKobo! - order.discountKobo);
    expect(order.payableAt).toBeNull();
    const after = await balances(store.accessToken);
    expect(kobo(after.escrow) - kobo(before.escrow)).toBe(order.dueToMerchantKobo);
    expect(after.payable).toBe(before.payable);
    // Payment, commission and shipping fee: three balanced movements of this order.
    const lines = await test.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(new Set(lines.map((line) => line.kind))).toEqual(
      new Set(['payment', 'commission', 'shipping_fee']),
    );
    expect(lines.find((line) => line.account === 'shipping_fees')?.amountKobo).toBe(-order.shippingFeeKobo);
    expect(lines.find((line) => line.account === 'platform_commission')?.amountKobo).toBe(
      -order.commissionKobo!,
    );
    expect(await ledgerTotal(test)).toBe(0);
  });

  it("uses the category's percentage at the time of payment (premium 7.5 %, changed by an admin)", async () => {
    await test.deps.db
      .update(stores)
      .set({ paymentCategory: 'premium' })
      .where(eq(stores.id, otherStore.storeId));
    const first = await orderRow(test, (await paidOrder(test, setup, otherStore, { price: 12_345 })).orderId);
    expect(first.commissionBasisPoints).toBe(750);
    expect(first.commissionKobo).toBe(mulDivHalfUp(first.subtotalKobo, 750, 10_000));
    const changed = await call(
      'PATCH',
      urlOf(adminPayoutEndpoints.updateCategory, { params: { slug: 'premium' } }),
      setup.admin.accessToken,
      {
        commissionPercentage: 8.25,
      },
    );
    expect(changed.statusCode).toBe(200);
    expect(json(changed).data).toMatchObject({ slug: 'premium', commissionPercentage: 8.25 });
    const second = await orderRow(
      test,
      (await paidOrder(test, setup, otherStore, { price: 12_345 })).orderId,
    );
    expect(second.commissionBasisPoints).toBe(825);
    // Orders paid before keep their commission.
    expect((await orderRow(test, first.id)).commissionBasisPoints).toBe(750);
    await call(
      'PATCH',
      urlOf(adminPayoutEndpoints.updateCategory, { params: { slug: 'premium' } }),
      setup.admin.accessToken,
      {
        commissionPercentage: 7.5,
      },
    );
  });
});

describe('escrow, refunds and completion', () => {
  it('a refund before completion comes off the due amount; completion makes the rest payable', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 3, price: 3_000 });
    const at = await orderRow(test, paid.orderId);
    const before = await balances(store.accessToken);
    await returnUnits(paid, store, 1);
    const refunded = await orderRow(test, paid.orderId);
    const itemsPaid = at.subtotalKobo - at.discountKobo;
    // A third of the items: the store's share of the refund is a third of its due amount, the rest commission.
    const share = mulDivHalfUp(itemsPaid / 3, at.dueToMerchantKobo!, itemsPaid);
    expect(refunded.dueToMerchantKobo).toBe(at.dueToMerchantKobo! - share);
    const afterRefund = await balances(store.accessToken);
    expect(kobo(before.escrow) - kobo(afterRefund.escrow)).toBe(share);
    expect(await ledgerTotal(test)).toBe(0);

    // The return closes the return in progress once refunded; the window passes and the durable job completes it.
    const { deliveredDaysAgo } = await import('../returns/returns-support.js');
    await deliveredDaysAgo(test, paid.orderId, 30);
    await test.jobs.completeAfterReturnWindow();
    const completed = await orderRow(test, paid.orderId);
    expect(completed.status).toBe('completed');
    expect(completed.payableAt).not.toBeNull();
    const afterCompletion = await balances(store.accessToken);
    expect(kobo(afterRefund.escrow) - kobo(afterCompletion.escrow)).toBe(completed.dueToMerchantKobo);
    expect(kobo(afterCompletion.payable) - kobo(afterRefund.payable)).toBe(completed.dueToMerchantKobo);
    // The job running again moves nothing twice.
    await test.jobs.completeAfterReturnWindow();
    expect(await balances(store.accessToken)).toEqual(afterCompletion);
  });

  it('a cancelled order gives the whole due amount, commission and shipping back', async () => {
    const before = await balances(store.accessToken);
    const paid = await paidOrder(test, setup, store, { quantity: 2, price: 2_500 });
    const cancelled = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      store.accessToken,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await orderRow(test, paid.orderId)).dueToMerchantKobo).toBe(0);
    expect(await balances(store.accessToken)).toEqual(before);
    const lines = await test.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, paid.orderId));
    const net = (account: string) =>
      lines.filter((line) => line.account === account).reduce((acc, line) => acc + line.amountKobo, 0);
    for (const account of ['payments_clearing', 'merchant_escrow', 'platform_commission', 'shipping_fees']) {
      expect(net(account)).toBe(0);
    }
    // Taken back for good: the store's figures stop counting it (ADR 082), booked by the flow that moved it (ADR 081).
    const [page] = await test.deps.db
      .select({ undoneAt: ledgerOrders.undoneAt })
      .from(ledgerOrders)
      .where(eq(ledgerOrders.orderId, paid.orderId));
    expect(page?.undoneAt).toBeInstanceOf(Date);
  });
});

describe('payouts', () => {
  it('an admin approves the payable money; the sandbox transfer pays it; the store sees it in its history', async () => {
    await payableOrder(test, setup, store, dispatcher, { price: 7_500 });
    const payable = await balances(store.accessToken);
    expect(payable.payable).toBeGreaterThan(0);

    // No bank account yet: nothing is approved.
    const refused = await approve(store.storeId);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('This store has no payout bank account yet');

    await saveBankAccount(test, store.storeId, store.id);
    const listed = json(
      await call(
        'GET',
        urlOf(adminPayoutEndpoints.merchants, { query: { limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(listed.merchants.find((row: { storeId: string }) => row.storeId === store.storeId)).toMatchObject({
      payable: payable.payable,
      hasBankAccount: true,
      openPayoutId: null,
    });
    const statsBefore = json(
      await call('GET', urlOf(adminPayoutEndpoints.stats), setup.admin.accessToken),
    ).data;
    expect(statsBefore.pendingPayment).toBeGreaterThanOrEqual(payable.payable);

    const approved = await approve(store.storeId);
    expect(approved.statusCode).toBe(200);
    expect(json(approved).message).toBe('Payout approved and paid');
    const payout = json(approved).data;
    expect(payout).toMatchObject({
      status: 'processed',
      amount: payable.payable,
      storeId: store.storeId,
      bankName: 'Guaranty Trust Bank',
      accountNumberLast4: '4579',
    });
    expect(payout.orderCount).toBeGreaterThanOrEqual(2);

    const after = await balances(store.accessToken);
    expect(after).toMatchObject({ payable: 0, approved: 0, processed: payable.processed + payable.payable });
    const history = json(await call('GET', urlOf(merchantPayoutEndpoints.history), store.accessToken)).data;
    expect(history.payouts[0]).toMatchObject({ id: payout.id, status: 'processed' });
    const stats = json(await call('GET', urlOf(adminPayoutEndpoints.stats), setup.admin.accessToken)).data;
    expect(stats.processedPayment).toBeCloseTo(statsBefore.processedPayment + payable.payable, 2);
    expect(stats.pendingPayment).toBeCloseTo(statsBefore.pendingPayment - payable.payable, 2);

    // Nothing left to pay: a second approval is refused and changes nothing.
    const again = await approve(store.storeId);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This store has nothing payable to pay out');
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);

    // The sandbox keeps what it did, as Paystack does: asked about the payout, it answers the transfer it made;
    // asked again to send it, it makes no second one.
    const [row] = await test.deps.db.select().from(payouts).where(eq(payouts.id, payout.id));
    const sandbox = createSandboxTransfers({
      db: test.deps.db,
      secret: sandboxSecret(test.deps.config.dataDir),
      deliver: (body, signature) => test.deps.payments.handleWebhook(body, signature),
    });
    const made = { status: 'success', transferCode: row!.transferCode, amountKobo: row!.amountKobo };
    expect(await sandbox.verify(row!.reference)).toEqual(made);
    expect(
      await sandbox.transfer({
        reference: row!.reference,
        amountKobo: row!.amountKobo,
        recipientCode: row!.recipientCode!,
        reason: 'again',
      }),
    ).toEqual({ status: 'success', transferCode: row!.transferCode });
    expect(await sandbox.verify(row!.reference)).toEqual(made);
    expect(await sandbox.verify('PAY-NEVERSENT')).toEqual({
      status: 'missing',
      transferCode: null,
      amountKobo: null,
    });
    expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 0, waiting: 0 });
    expect(await ledgerTotal(test)).toBe(0);
    expect((await balances(store.accessToken)).processed).toBe(payable.processed + payable.payable);
  });

  it('a refund the store bears after its payout is a debt taken off the next payout', async () => {
    await saveBankAccount(test, store.storeId, store.id);
    const first = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2, price: 4_000 });
    const paidRow = await orderRow(test, first.orderId);
    // The platform bears the refund of one unit at first: the store keeps its due amount.
    await returnUnits(first, store, 1, 'platform');
    expect((await orderRow(test, first.orderId)).dueToMerchantKobo).toBe(paidRow.dueToMerchantKobo);
    const { deliveredDaysAgo } = await import('../returns/returns-support.js');
    await deliveredDaysAgo(test, first.orderId, 30);
    await test.jobs.completeAfterReturnWindow();
    expect((await approve(store.storeId)).statusCode).toBe(200);
    const paidOut = await orderRow(test, first.orderId);
    expect(paidOut.paidOutAt).not.toBeNull();
    expect(paidOut.payoutId).not.toBeNull();

    // Later an admin decides the store bears it after all: the store owes its share back.
    const itemsPaid = paidRow.subtotalKobo - paidRow.discountKobo;
    const share = mulDivHalfUp(itemsPaid / 2, paidRow.dueToMerchantKobo!, itemsPaid);
    const returnId = (await orderRow(test, first.orderId)).orderReturnId;
    expect(returnId).toBeNull();
    const [ret] = await test.deps.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.orderId, first.orderId));
    const decided = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.chargebackDecision, { params: { id: ret!.id } }),
      setup.admin.accessToken,
      {
        decision: 'merchant',
        note: 'The store shipped the wrong size.',
      },
    );
    expect(decided.statusCode).toBe(200);
    expect(kobo((await balances(store.accessToken)).payable)).toBe(-share);
    expect((await approve(store.storeId)).statusCode).toBe(409);

    const second = await payableOrder(test, setup, store, dispatcher, { price: 9_000 });
    const due = (await orderRow(test, second.orderId)).dueToMerchantKobo!;
    const netted = await approve(store.storeId);
    expect(netted.statusCode).toBe(200);
    expect(kobo(json(netted).data.amount)).toBe(due - share);
    expect((await balances(store.accessToken)).payable).toBe(0);
    expect(await ledgerTotal(test)).toBe(0);
  });
});

describe('payment categories', () => {
  it('lists categories with their percentage and refuses percentages out of range with a clear 422', async () => {
    const listed = json(
      await call('GET', urlOf(adminPayoutEndpoints.categories), setup.admin.accessToken),
    ).data;
    expect(listed.map((row: { slug: string }) => row.slug)).toEqual(['standard', 'premium', 'enterprise']);
    expect(listed[0]).toMatchObject({ name: 'Standard', commissionPercentage: 10 });
    for (const [value, message] of [
      [101, 'The commission is a percentage from 0 to 100'],
      [-1, 'The commission is a percentage from 0 to 100'],
      [7.555, 'Use at most 2 decimal places'],
    ] as const) {
      const refused = await call(
        'PATCH',
        urlOf(adminPayoutEndpoints.updateCategory, { params: { slug: 'standard' } }),
        setup.admin.accessToken,
        {
          commissionPercentage: value,
        },
      );
      expect(refused.statusCode).toBe(422);
      expect(json(refused).message).toBe(message);
    }
    const unknown = await call(
      'PATCH',
      urlOf(adminPayoutEndpoints.updateCategory, { params: { slug: 'gold' } }),
      setup.admin.accessToken,
      {
        commissionPercentage: 5,
      },
    );
    expect(unknown.statusCode).toBe(404);
    const now = json(await call('GET', urlOf(adminPayoutEndpoints.categories), setup.admin.accessToken)).data;
    expect(now[0].commissionPercentage).toBe(10);
  });
});

describe('who may see and move payouts', () => {
  it('another store sees only its own money and history; other accounts get 401 or 403', async () => {
    const mine = json(await call('GET', urlOf(merchantPayoutEndpoints.history), store.accessToken)).data;
    const theirs = json(
      await call('GET', urlOf(merchantPayoutEndpoints.history), otherStore.accessToken),
    ).data;
    const mineIds = new Set(mine.payouts.map((row: { id: string }) => row.id));
    expect(mineIds.size).toBeGreaterThan(0);
    expect(theirs.payouts.filter((row: { id: string }) => mineIds.has(row.id))).toEqual([]);
    const customer = await shopper(test);
    const partner = await createPartner(test);
    const dispatcherToken = dispatcher.accessToken;
    const merchantOnly = [urlOf(merchantPayoutEndpoints.balances), urlOf(merchantPayoutEndpoints.history)];
    const adminOnly = [
      ['GET', urlOf(adminPayoutEndpoints.stats)],
      ['GET', urlOf(adminPayoutEndpoints.merchants)],
      ['GET', urlOf(adminPayoutEndpoints.payouts)],
      ['GET', urlOf(adminPayoutEndpoints.categories)],
      ['POST', urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } })],
      ['PATCH', urlOf(adminPayoutEndpoints.updateCategory, { params: { slug: 'standard' } })],
    ] as const;
    for (const url of merchantOnly) {
      expect((await call('GET', url)).statusCode).toBe(401);
      for (const token of [customer.token, partner.accessToken, setup.admin.accessToken]) {
        expect((await call('GET', url, token)).statusCode).toBe(403);
      }
    }
    for (const [method, url] of adminOnly) {
      const body = method === 'PATCH' ? { commissionPercentage: 1 } : undefined;
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      for (const token of [customer.token, partner.accessToken, store.accessToken, dispatcherToken]) {
        expect((await call(method, url, token, body)).statusCode).toBe(403);
      }
    }
    // A store that does not exist is a 404; nothing was written.
    const missing = await approve('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    // A finance staff member of the store sees its balances; a sales one does not.
    const owner = { ...store, token: store.accessToken } as unknown as Parameters<typeof inviteStaff>[1];
    const finance = await inviteStaff(test, owner, 'finance');
    const sales = await inviteStaff(test, owner, 'sales');
    expect((await call('GET', urlOf(merchantPayoutEndpoints.balances), finance.token)).statusCode).toBe(200);
    expect((await call('GET', urlOf(merchantPayoutEndpoints.balances), sales.token)).statusCode).toBe(403);
  });
});

describe('the books', () => {
  it('add up to zero after every flow above, movement by movement', async () => {
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
    const lines = await test.deps.db.select().from(ledgerEntries);
    expect(new Set(lines.map((line) => line.kind))).toEqual(
      new Set(['payment', 'commission', 'shipping_fee', 'refund', 'escrow_release', 'payout', 'chargeback']),
    );
  });
});
