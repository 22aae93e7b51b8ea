import { randomUUID } from 'node:crypto';
import { payOnDeliveryEndpoints, shippingZoneEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { type SandboxProvider, sandboxSecret } from '../../src/platform/payments/index.js';
import { createSandboxProvider } from '../../src/platform/payments/sandbox.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { createPaystackTransfers } from '../../src/platform/payments/transfers.js';
import { saveBankAccount } from '../ledger/ledger-support.js';
import {
  type CommerceSetup,
  commerceSetup,
  listedProduct,
  type SellingStore,
  type Shopper,
  sellingStore,
  shopper,
  storeCoupon,
} from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { type FakePaystack, paystackFixture, startFakePaystack } from '../support/payments.fake-paystack.js';
import {
  bearer,
  createAdmin,
  createTestApp,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';
import {
  Faults,
  faultyPayments,
  faultyTransfers,
  type OwedWebhook,
  type ProviderRefund,
} from './faulty-provider.js';

// The world the money simulation runs in (ADR 052): one app on a database of its own, driven only through its HTTP
// API with Fastify inject; payments on the built-in sandbox (its `sandbox_charges` are the provider's record of
// charges and refunds), payouts through the real Paystack transfer adapter against the local Paystack stand-in
// (test/support/payments.fake-paystack.ts), whose transfers wait (pending, or `otp`) until the simulation delivers
// the documented transfer.* webhook, as Paystack does.

export const SIM_SECRET = 'sk_test_money_simulation';

/** An account the simulation acts as; its token is renewed when it expires (long runs outlive 15 minutes). */
export interface Actor {
  label: string;
  kind: 'customer' | 'merchant' | 'admin';
  email: string;
  token: string;
}

export interface SimStore {
  index: number;
  store: SellingStore;
  actor: Actor;
  /** Two products: prices with odd kobo, so every split rounds. */
  products: { id: string; priceKobo: number }[];
  couponCode: string;
}

export interface SimCustomer {
  index: number;
  shopper: Shopper;
  actor: Actor;
  /** Gift-card money bought so far, in kobo (the sum of the cards' face values). */
  giftCardsBoughtKobo: number;
}

/**
 * Pay on delivery in the simulation's world (ADR 074): stores 0 and 1 take payment at the door, store 2 does not (a
 * checkout naming it is refused); the fee is ₦500; a carrier holding ₦150,000 or more gets no new parcels paid
 * at the door (the cash-limit command moves the limit to either side of what the carrier holds, then puts it back).
 */
export const POD = {
  storesTakingCash: [0, 1],
  feeKobo: 50_000,
  cashLimitKobo: 15_000_000,
  refusalLimit: 3,
} as const;

export interface World {
  test: TestApp;
  /** The shipping zone where pay on delivery is on (the customers' state). */
  podZoneId: string;
  fake: FakePaystack;
  setup: CommerceSetup;
  admin: Actor;
  dispatcher: Actor & { id: string };
  stores: SimStore[];
  customers: SimCustomer[];
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    actor?: Actor,
    payload?: unknown,
  ): Promise<{ statusCode: number; body: string }>;
  /** A Paystack webhook delivery signed with the payments provider's key (the sandbox's). */
  webhook(payload: unknown): Promise<{ statusCode: number; body: string }>;
  /** Runs `work` while the payment provider refuses any refund of this charge (as Paystack answers "invalid"). */
  providerRefusing<T>(reference: string | null, work: () => Promise<T>): Promise<T>;
  /** The outside world's faults and the provider's own record of what it did (faulty-provider.ts). */
  faults: Faults;
  /**
   * Delivers the refund.* webhooks the provider owes: each once, twice, followed by a stale earlier event (out of
   * order), or not at all (dropped for good). One answered 2xx is no longer owed; any other answer stays owed, as
   * Paystack retries. Answers what the server said of each.
   */
  deliverOwed(mode: 'once' | 'twice' | 'reordered' | 'drop'): Promise<string[]>;
  /**
   * The process died: a new app starts on the same database with the same configuration and providers (the old
   * one's request in flight never finishes), as a restarted server would.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const PRICES_NAIRA = [
  [3333.33, 12499.99],
  [7999.95, 1850.5],
  [45000.01, 999.99],
  [2500, 17777.77],
];

/** Paystack's refund.* sample with this refund's figures. */
export function refundEvent(event: 'refund.processed' | 'refund.pending', refund: ProviderRefund) {
  const sample = paystackFixture<{ event: string; data: Record<string, unknown> }>(`webhooks/${event}`);
  return {
    ...sample,
    event,
    data: {
      ...sample.data,
      status: event.slice('refund.'.length),
      transaction_reference: refund.paymentReference,
      refund_reference: refund.providerReference,
      amount: String(refund.amountKobo),
      currency: 'NGN',
    },
  };
}

export async function createWorld(options: { stores: number; customers: number }): Promise<World> {
  const fake = await startFakePaystack(SIM_SECRET);
  const faults = new Faults((refund) => refundEvent('refund.processed', refund));
  // The sandbox needs the app's database, so it is made right after the app; the decorator reads it lazily.
  let sandbox: SandboxProvider | undefined;
  const paymentProvider = faultyPayments(faults, () => {
    if (!sandbox) throw new Error('the sandbox is used before the app was built');
    return sandbox;
  });
  const transferProvider = faultyTransfers(
    faults,
    // A 429 is retried at once (the stand-in says Retry-After: 0); nothing sleeps in the simulation.
    createPaystackTransfers({ secretKey: SIM_SECRET, baseUrl: fake.url, sleep: async () => undefined }),
    fake,
  );
  const test = await createTestApp({ paymentProvider, transferProvider });
  sandbox = createSandboxProvider({
    db: test.deps.db,
    secret: sandboxSecret(test.deps.config.dataDir),
    publicUrl: test.deps.config.publicUrl,
    now: test.deps.now,
  });
  // The app the world drives: the first one, then each started after a crash.
  let live: TestApp = test;
  const setup = await commerceSetup(test);
  const dispatcherAccount = await createAdmin(test, 'dispatcher');
  const admin: Actor = {
    label: 'admin',
    kind: 'admin',
    email: setup.admin.email,
    token: setup.admin.accessToken,
  };
  const dispatcher = {
    label: 'dispatcher',
    kind: 'admin' as const,
    email: dispatcherAccount.email,
    token: dispatcherAccount.accessToken,
    id: dispatcherAccount.id,
  };

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    actor?: Actor,
    payload?: unknown,
  ) {
    const send = () =>
      live.app.inject({
        method,
        url,
        headers: actor ? bearer(actor.token) : {},
        remoteAddress: nextIp(),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    let answer = await send();
    if (answer.statusCode === 401 && actor) {
      actor.token = (await login(live, actor.kind, actor.email)).accessToken;
      answer = await send();
    }
    return answer;
  }

  const stores: SimStore[] = [];
  for (let index = 0; index < options.stores; index += 1) {
    const store = await sellingStore(test, setup);
    await saveBankAccount(test, store.storeId, store.id);
    const products = [];
    for (const naira of PRICES_NAIRA[index % PRICES_NAIRA.length]!) {
      const product = await listedProduct(test, setup, store, {
        name: `Sim product ${index}-${products.length}`,
        pricing: [{ costPrice: 1, sellingPrice: naira, price: naira + 1000 }],
        quantity: 100_000,
        sku: `SIM-${randomUUID().slice(0, 8)}`,
      });
      products.push({ id: product.id, priceKobo: Math.round(naira * 100) });
    }
    const coupon = await storeCoupon(test, store, { discountValue: 7 + index });
    stores.push({
      index,
      store,
      actor: { label: `store ${index}`, kind: 'merchant', email: store.email, token: store.accessToken },
      products,
      couponCode: coupon.code,
    });
  }
  // Pay on delivery on, in the customers' state (Lagos), for the stores that opt in.
  const zones = json(await call('GET', urlOf(shippingZoneEndpoints.list), admin)).data.zones as {
    id: string;
    states: string[];
  }[];
  const podZoneId = zones.find((zone) => zone.states.includes('Lagos'))!.id;
  const rules = await call('PUT', urlOf(payOnDeliveryEndpoints.saveSettings), admin, podRules(podZoneId));
  if (rules.statusCode !== 200) throw new Error(`pay-on-delivery rules: ${rules.body.slice(0, 300)}`);
  for (const index of POD.storesTakingCash) {
    const store = stores[index];
    if (!store) continue;
    const optIn = await call('PUT', urlOf(payOnDeliveryEndpoints.saveStoreSetting), store.actor, {
      enabled: true,
    });
    if (optIn.statusCode !== 200) throw new Error(`pay-on-delivery opt-in: ${optIn.body.slice(0, 300)}`);
  }
  const customers: SimCustomer[] = [];
  for (let index = 0; index < options.customers; index += 1) {
    const account = await shopper(test);
    customers.push({
      index,
      shopper: account,
      actor: { label: `customer ${index}`, kind: 'customer', email: account.email, token: account.token },
      giftCardsBoughtKobo: 0,
    });
  }

  const closeFirst = test.close;
  const abandoned: TestApp['app'][] = [];

  const world: World = {
    get test() {
      return live;
    },
    podZoneId,
    fake,
    faults,
    setup,
    admin,
    dispatcher,
    stores,
    customers,
    call,
    webhook(payload) {
      const body = Buffer.from(JSON.stringify(payload));
      return live.app.inject({
        method: 'POST',
        url: PAYSTACK_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(sandboxSecret(test.deps.config.dataDir), body),
        },
        payload: body,
      });
    },
    async providerRefusing(reference, work) {
      if (!reference) return work();
      const [charge] = await test.deps.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.reference, reference));
      if (!charge) return work();
      // The sandbox refuses a refund beyond what is left of the charge, as Paystack does; nothing is left for the
      // length of `work`, then its own record is put back exactly as it was.
      await test.deps.db
        .update(sandboxCharges)
        .set({ refundedKobo: charge.amountKobo })
        .where(eq(sandboxCharges.reference, reference));
      try {
        return await work();
      } finally {
        await test.deps.db
          .update(sandboxCharges)
          .set({ refundedKobo: charge.refundedKobo })
          .where(eq(sandboxCharges.reference, reference));
      }
    },
    async deliverOwed(mode) {
      const owed = faults.owed;
      faults.owed = [];
      if (mode === 'drop') {
        faults.count(`webhook dropped ×${owed.length}`);
        if (faults.readsDownSteps > 0) faults.dropped.push(...owed);
        return owed.map((one) => `refund.processed ${one.refund.providerReference} dropped`);
      }
      const notes: string[] = [];
      const still: OwedWebhook[] = [];
      for (const one of owed) {
        let answered = await world.webhook(one.payload);
        if (mode === 'twice') {
          faults.count('webhook twice');
          answered = await world.webhook(one.payload);
        }
        if (mode === 'reordered') {
          // An earlier event of the same refund arrives after the last one.
          faults.count('webhook out of order');
          const stale = await world.webhook(refundEvent('refund.pending', one.refund));
          if (stale.statusCode >= 300) throw new Error(`a stale refund.pending answered ${stale.statusCode}`);
        }
        if (answered.statusCode >= 300) still.push(one);
        else if (faults.readsDownSteps > 0) faults.heardWhileReadsDown.add(one.refund.paymentReference);
        notes.push(
          `refund.processed ${one.refund.providerReference}: ${answered.statusCode} ${json(answered).data?.outcome ?? ''}`,
        );
      }
      faults.owed.push(...still);
      return notes;
    },
    async restart() {
      // The dead process's app is left as it is (its request never finishes); closed with the world.
      abandoned.push(live.app);
      const { app, deps, jobs } = await buildApp({
        config: live.deps.config,
        database: live.database,
        logger: false,
        responseCache: false,
        paymentProvider,
        transferProvider,
      });
      await app.ready();
      live = { ...live, app, deps, jobs };
    },
    async close() {
      if (live.app !== test.app) await live.app.close();
      // An app whose request never finished is not waited for.
      for (const app of abandoned) if (app !== test.app) void app.close().catch(() => undefined);
      await closeFirst();
      await fake.close();
    },
  };
  return world;
}

/** The admin's pay-on-delivery rules of the simulation, with this carriers' cash limit. */
export function podRules(zoneId: string, cashLimitKobo: number = POD.cashLimitKobo) {
  return {
    enabled: true,
    zoneIds: [zoneId],
    maxOrder: 10_000_000,
    fee: POD.feeKobo / 100,
    refusalLimit: POD.refusalLimit,
    refusalPeriodDays: 30,
    carrierCashLimit: cashLimitKobo / 100,
  };
}

export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

/** The documented transfer.* sample with this payout's reference, code and amount. */
export function transferEvent(
  event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
  payout: { reference: string; transferCode: string | null; amountKobo: number },
) {
  const sample = paystackFixture<{ event: string; data: Record<string, unknown> }>(`webhooks/${event}`);
  return {
    ...sample,
    data: {
      ...sample.data,
      reference: payout.reference,
      transfer_code: payout.transferCode ?? sample.data.transfer_code,
      amount: payout.amountKobo,
      currency: 'NGN',
    },
  };
}

/** The documented charge.dispute.* sample naming one of our payments. */
export function disputeEvent(
  stage: 'create' | 'remind' | 'resolve',
  disputeId: number,
  payment: { reference: string; amountKobo: number },
) {
  const sample = paystackFixture<{ event: string; data: Record<string, unknown> }>(
    `webhooks/charge.dispute.${stage}`,
  );
  const transaction = sample.data.transaction as Record<string, unknown>;
  return {
    ...sample,
    data: {
      ...sample.data,
      id: disputeId,
      refund_amount: payment.amountKobo,
      transaction: {
        ...transaction,
        reference: payment.reference,
        amount: payment.amountKobo,
        requested_amount: payment.amountKobo,
      },
    },
  };
}

export async function payoutRow(world: World, id: string) {
  return (await world.test.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
}

export { json };
