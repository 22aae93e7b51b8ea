import {
  adminPayoutEndpoints,
  bankAccountEndpoints,
  cartEndpoints,
  fulfilmentEndpoints,
  merchantPayoutEndpoints,
  PAYOUTS_SETTLED_BY_PAYSTACK,
  storesCannotBeSettled,
} from '@market/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBankAccounts } from '../../src/modules/bank-accounts/bank-accounts.schema.js';
import { ledgerOrderFigures } from '../../src/modules/ledger/index.js';
import { orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { paystackFeeKobo } from '../../src/platform/payments/index.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { caller, paidOrder } from '../returns/returns-support.js';
import {
  addToCart,
  appliedGiftCard,
  type CommerceSetup,
  checkout,
  commerceSetup,
  listedProduct,
  type SellingStore,
  sellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { type FakePaystack, paystackFixture, startFakePaystack } from '../support/payments.fake-paystack.js';
import { pglite } from '../support/postgres-proofs.js';
import {
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  PASSWORD,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';
import { ledgerTotal, saveBankAccount, unbalancedMovements } from './ledger-support.js';

// Subaccount settlement (SETTLEMENT_MODE=subaccount, ADR 051) against the local stand-in for api.paystack.co, which
// answers /subaccount and split initialisation as Paystack documents them: each store's verified account becomes its
// subaccount, a checkout of two stores is initialised with a flat split of each store's due in kobo, the books post
// the settlement and still balance, payouts are not approved, a refund after settlement comes off the store's next
// share, and a store without a subaccount cannot be bought from. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.

const SECRET = 'sk_test_subaccount_settlement';
/** Banks of the stand-in's list (codes 100000…); an account number ending in 0 does not resolve there. */
const BANK = '100001';
let fake: FakePaystack;
let test: TestApp;
let setup: CommerceSetup;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  const market = await world({
    stores: 0,
    customers: 0,
    app: {
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: fake.url, SETTLEMENT_MODE: 'subaccount' },
    },
  });
  ({ test, setup } = market);
  call = caller(test);
}, 240_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

const saveAccount = (store: SellingStore, accountNumber: string) =>
  test.app.inject({
    ...requestOf(bankAccountEndpoints.save),
    headers: { authorization: `Bearer ${store.accessToken}` },
    payload: { bankCode: BANK, accountNumber, password: PASSWORD },
  });

async function storeName(storeId: string) {
  const [row] = await test.deps.db
    .select({ name: stores.storeName })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row!.name;
}

/** Pays a checkout at the stand-in (its verify now says success for the amount initialised) and settles it. */
async function pay(reference: string) {
  fake.pay(reference);
  expect((await test.deps.payments.settle(reference)).status).toBe('success');
}

const balances = async (store: SellingStore) =>
  json(await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken)).data;

describe('subaccount settlement', () => {
  let storeA: SellingStore;
  let storeB: SellingStore;
  let codeA: string;
  let codeB: string;

  it('a store without a subaccount cannot be bought from: the cart says why and create-order changes nothing', async () => {
    storeA = await sellingStore(test, setup);
    const product = await listedProduct(test, setup, storeA, {
      pricing: [{ costPrice: 1, sellingPrice: 12_500, price: 13_000 }],
    });
    const customer = await shopper(test);
    expect((await addToCart(test, customer, product.id, 2)).statusCode).toBe(200);
    const message = storesCannotBeSettled([await storeName(storeA.storeId)]);
    const cart = json(await call('GET', urlOf(cartEndpoints.get), customer.token));
    expect(cart.data.checkoutProblems).toContain(message);
    expect(cart.data.canCheckout).toBe(false);
    const [before] = await test.deps.db.select({ n: count() }).from(orderTrackers);
    const refused = await checkout(test, customer);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toContain(message);
    const [after] = await test.deps.db.select({ n: count() }).from(orderTrackers);
    expect(after!.n).toBe(before!.n);
  });

  it("saving the store's verified account makes its Paystack subaccount; a change updates the same one", async () => {
    const saved = await saveAccount(storeA, '0123456781');
    expect(saved.statusCode, saved.body).toBe(200);
    const created = fake.requests.filter((request) => request.url === '/subaccount');
    expect(created.at(-1)).toMatchObject({
      method: 'POST',
      body: {
        business_name: await storeName(storeA.storeId),
        settlement_bank: BANK,
        account_number: '0123456781',
        // The store's commission (Standard, 10 %): what the main account keeps when no split says otherwise.
        percentage_charge: 10,
      },
    });
    codeA = json(saved).data.subaccountCode;
    expect(codeA).toMatch(/^ACCT_fake\d+$/);
    expect(json(saved).data).toMatchObject({ settlementMode: 'subaccount', subaccountCode: codeA });

    const changed = await saveAccount(storeA, '0123456782');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).data.subaccountCode).toBe(codeA);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: `/subaccount/${codeA}`,
      body: { account_number: '0123456782', settlement_bank: BANK },
    });
    expect(fake.subaccounts.get(codeA)).toMatchObject({ account_number: '0123456782' });

    storeB = await sellingStore(test, setup);
    // Store B pays the Premium band (7.5 %).
    await test.deps.db
      .update(stores)
      .set({ paymentCategory: 'premium' })
      .where(eq(stores.id, storeB.storeId));
    const savedB = await saveAccount(storeB, '0223456781');
    expect(savedB.statusCode, savedB.body).toBe(200);
    codeB = json(savedB).data.subaccountCode;
    expect(fake.subaccounts.get(codeB)).toMatchObject({ percentage_charge: 7.5 });
  });

  pglite.it('no other account reads a store’s subaccount', async () => {
    const other = await sellingStore(test, setup);
    const theirs = await call('GET', urlOf(bankAccountEndpoints.get), other.accessToken);
    expect(theirs.statusCode).toBe(200);
    expect(json(theirs).data).toBeNull();
    expect(theirs.body).not.toContain(codeA);
    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    const partner = await createPartner(test);
    const admin = await createAdmin(test, 'superadmin');
    for (const token of [customerToken, partner.accessToken, admin.accessToken]) {
      const answer = await call('GET', urlOf(bankAccountEndpoints.get), token);
      expect(answer.statusCode).toBe(403);
      expect(answer.body).not.toContain(codeA);
    }
  });

  it('one payment for two stores is split: each store gets its due after commission, in kobo', async () => {
    const productA = await listedProduct(test, setup, storeA, {
      pricing: [{ costPrice: 1, sellingPrice: 12_500, price: 13_000 }],
    });
    const productB = await listedProduct(test, setup, storeB, {
      pricing: [{ costPrice: 1, sellingPrice: 7_000, price: 7_500 }],
    });
    const customer = await shopper(test);
    expect((await addToCart(test, customer, productA.id, 2)).statusCode).toBe(200);
    expect((await addToCart(test, customer, productB.id, 1)).statusCode).toBe(200);
    const created = await checkout(test, customer);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = json(created).data.payment;
    const orders = json(created).data.tracker.orders as { id: string; storeId?: string }[];

    // ₦25,000 at 10 % leaves ₦22,500; ₦7,000 at 7.5 % leaves ₦6,475.
    const split = fake.splits.get(reference)!;
    expect(split).toMatchObject({ type: 'flat', bearer_type: 'account' });
    expect(new Map(split.subaccounts.map((line) => [line.subaccount, line.share]))).toEqual(
      new Map([
        [codeA, 2_250_000],
        [codeB, 647_500],
      ]),
    );
    const initialize = fake.requests.find(
      (request) => request.url === '/transaction/initialize' && request.body?.reference === reference,
    )!;
    // The request has the shape of Paystack's documented dynamic split (multi-split payments).
    const documented = paystackFixture<{
      split: { subaccounts: Record<string, unknown>[] } & Record<string, unknown>;
    }>('api/transaction-initialize-split-request');
    const sent = initialize.body!.split as typeof documented.split;
    expect(Object.keys(sent).sort()).toEqual(Object.keys(documented.split).sort());
    expect(sent.type).toBe(documented.split.type);
    expect(sent.bearer_type).toBe(documented.split.bearer_type);
    for (const line of sent.subaccounts) {
      expect(Object.keys(line).sort()).toEqual(Object.keys(documented.split.subaccounts[0]!).sort());
    }
    const amount = Number(initialize.body!.amount);
    // The platform keeps the commissions and the delivery fees, and bears Paystack's fee out of them.
    expect(amount - 2_250_000 - 647_500).toBeGreaterThanOrEqual(paystackFeeKobo(amount));

    const before = { a: await balances(storeA), b: await balances(storeB) };
    await pay(reference);
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);

    const [payment] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, reference));
    expect(payment!.split?.map((line) => line.shareKobo).sort()).toEqual([2_250_000, 647_500].sort());

    const after = { a: await balances(storeA), b: await balances(storeB) };
    expect(after.a).toMatchObject({ settlementMode: 'subaccount' });
    expect(after.a.settled - before.a.settled).toBe(22_500);
    expect(after.b.settled - before.b.settled).toBe(6_475);
    // The books still hold each order in escrow until its return window closes; Paystack has already settled it,
    // so the store is owed nothing more.
    expect(after.a.escrow - before.a.escrow).toBe(22_500);
    expect(after.a.owed).toBe(0);
    expect(after.b.owed).toBe(0);
    for (const order of orders) {
      const figures = await ledgerOrderFigures(test.deps.db, order.id);
      expect(figures.settled).toBe(figures.due);
    }
  });

  pglite.it('payouts are not approved in this mode; the stats say which mode is on', async () => {
    const approve = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: storeA.storeId } }),
      setup.admin.accessToken,
    );
    expect(approve.statusCode).toBe(409);
    expect(json(approve).message).toBe(PAYOUTS_SETTLED_BY_PAYSTACK);
    const stats = json(await call('GET', urlOf(adminPayoutEndpoints.stats), setup.admin.accessToken)).data;
    expect(stats).toMatchObject({ settlementMode: 'subaccount', pendingPayment: 0 });
    expect(stats.settledPayment).toBeGreaterThanOrEqual(22_500 + 6_475);
    const merchants = json(
      await call(
        'GET',
        urlOf(adminPayoutEndpoints.merchants, { query: { page: 1, limit: 50 } }),
        setup.admin.accessToken,
      ),
    ).data.merchants as { storeId: string; hasSubaccount: boolean }[];
    expect(merchants.find((row) => row.storeId === storeA.storeId)?.hasSubaccount).toBe(true);
  });

  pglite.it("a refund after settlement is the store's debt, taken off its next share", async () => {
    const product = await listedProduct(test, setup, storeA, {
      pricing: [{ costPrice: 1, sellingPrice: 5_000, price: 5_500 }],
      quantity: 50,
    });
    const customer = await shopper(test);
    expect((await addToCart(test, customer, product.id, 1)).statusCode).toBe(200);
    const first = json(await checkout(test, customer)).data;
    expect(fake.splits.get(first.payment.reference)!.subaccounts).toEqual([
      { subaccount: codeA, share: 450_000 },
    ]);
    await pay(first.payment.reference);
    const orderId = first.tracker.orders[0].id as string;
    const cancelled = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } }),
      storeA.accessToken,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Paystack takes the refund from the platform's balance; the store, already settled, owes its ₦4,500.
    expect((await balances(storeA)).owed).toBe(-4_500);
    expect(await ledgerTotal(test)).toBe(0);

    expect((await addToCart(test, customer, product.id, 2)).statusCode).toBe(200);
    const second = json(await checkout(test, customer)).data;
    // ₦10,000 less 10 % is ₦9,000, less the ₦4,500 owed.
    expect(fake.splits.get(second.payment.reference)!.subaccounts).toEqual([
      { subaccount: codeA, share: 450_000 },
    ]);
    await pay(second.payment.reference);
    expect((await balances(storeA)).owed).toBe(0);
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
  });

  pglite.it('a subaccount Paystack refuses leaves the bank account unsaved', async () => {
    const store = await sellingStore(test, setup);
    fake.state.error500On = '/subaccount';
    try {
      const refused = await saveAccount(store, '0323456781');
      expect(refused.statusCode).toBe(503);
    } finally {
      fake.state.error500On = null;
    }
    const rows = await test.deps.db
      .select()
      .from(storeBankAccounts)
      .where(eq(storeBankAccounts.storeId, store.storeId));
    expect(rows).toEqual([]);
  });
});

pglite.describe('subaccount settlement on the built-in sandbox (no Paystack key)', () => {
  let sandbox: TestApp;
  afterAll(() => sandbox?.close());

  it('links accounts saved before the switch, splits the sandbox charge and posts the settlement', async () => {
    sandbox = await createTestApp({ env: { SETTLEMENT_MODE: 'subaccount' } });
    const sandboxSetup = await commerceSetup(sandbox);
    const store = await sellingStore(sandbox, sandboxSetup);
    // Saved while the platform paid by transfer: no subaccount yet.
    await saveBankAccount(sandbox, store.storeId, store.id);
    expect(await sandbox.jobs.linkSubaccounts()).toEqual({ linked: 1, waiting: 0 });
    expect(await sandbox.jobs.linkSubaccounts()).toEqual({ linked: 0, waiting: 0 });
    const [account] = await sandbox.deps.db
      .select()
      .from(storeBankAccounts)
      .where(eq(storeBankAccounts.storeId, store.storeId));
    expect(account!.subaccountCode).toMatch(/^ACCT_sbx[0-9a-f]{12}$/);

    const paid = await paidOrder(sandbox, sandboxSetup, store, { quantity: 2, price: 2_500 });
    const [charge] = await sandbox.deps.db
      .select()
      .from(sandboxCharges)
      .where(
        eq(
          sandboxCharges.metadata,
          sql`${JSON.stringify({ trackerId: paid.trackerId, purpose: 'CHK' })}::jsonb`,
        ),
      );
    // ₦5,000 less 10 %.
    expect(charge!.split).toEqual([{ subaccount: account!.subaccountCode, share: 450_000 }]);
    const figures = await ledgerOrderFigures(sandbox.deps.db, paid.orderId);
    expect(figures).toMatchObject({ due: 450_000, settled: 450_000, commission: 50_000 });
    expect(await ledgerTotal(sandbox)).toBe(0);

    // A checkout mostly paid by gift card (money the platform already holds): the card charge cannot carry the
    // store's whole share and leave Paystack's fee, so the share is cut and the rest is added to its next share.
    const owedOf = async () =>
      json(
        await sandbox.app.inject({
          ...requestOf(merchantPayoutEndpoints.balances),
          headers: { authorization: `Bearer ${store.accessToken}` },
        }),
      ).data.owed as number;
    expect(await owedOf()).toBe(0);
    const buyer = await shopper(sandbox);
    await appliedGiftCard(sandbox, buyer, 4_500);
    const cut = await paidOrder(sandbox, sandboxSetup, store, { quantity: 1, price: 5_000, customer: buyer });
    const chargeOf = async (trackerId: string) =>
      (
        await sandbox.deps.db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.metadata, sql`${JSON.stringify({ trackerId, purpose: 'CHK' })}::jsonb`))
      )[0]!;
    const cutCharge = await chargeOf(cut.trackerId);
    const cutShare = cutCharge.amountKobo - paystackFeeKobo(cutCharge.amountKobo);
    expect(cutShare).toBeLessThan(450_000);
    expect(cutCharge.split).toEqual([{ subaccount: account!.subaccountCode, share: cutShare }]);
    expect(await owedOf()).toBe((450_000 - cutShare) / 100);

    const next = await paidOrder(sandbox, sandboxSetup, store, { quantity: 3, price: 5_000 });
    expect((await chargeOf(next.trackerId)).split).toEqual([
      { subaccount: account!.subaccountCode, share: 1_350_000 + 450_000 - cutShare },
    ]);
    expect(await owedOf()).toBe(0);
    expect(await ledgerTotal(sandbox)).toBe(0);
    expect(await unbalancedMovements(sandbox)).toBe(0);
  }, 180_000);
});
