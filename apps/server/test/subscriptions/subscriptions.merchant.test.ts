import { randomUUID } from 'node:crypto';
import {
  planAdminEndpoints,
  planPublicEndpoints,
  productEndpoints,
  productLimitMessage,
  subscriptionMerchantEndpoints,
} from '@market/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import { SANDBOX_CARDS, sandboxSecret } from '../../src/platform/payments/sandbox.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { createCategoryTree } from '../support/store-factory.js';
import { bearer, createConfirmedAccount, json, login, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

let test: TestApp;
let adminToken: string;
let merchant: TestMerchant;
let otherMerchant: TestMerchant;
let customerToken: string;
let partnerToken: string;
let plans: {
  id: string;
  code: string;
  name: string;
  monthlyPriceKobo: number;
  productLimit: number | null;
}[];
let tree: Awaited<ReturnType<typeof createCategoryTree>>;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });
const planOf = (code: string) => plans.find((plan) => plan.code === code)!;

/** Pays on the sandbox's checkout page as a merchant would (its webhook is delivered in-process). */
async function payOnSandbox(authorizationUrl: string) {
  const paid = await test.app.inject({
    method: 'POST',
    url: new URL(authorizationUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      cardNumber: SANDBOX_CARDS.success,
      expiry: '12/39',
      cvv: '123',
    }).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(paid.body);
}

let sku = 0;
function createProduct(owner: TestMerchant) {
  sku += 1;
  return call('POST', urlOf(productEndpoints.create), owner.token, {
    name: 'Ankara Maxi Dress',
    description: ['Hand-sewn in Aba from pure cotton Ankara.'],
    categoryId: tree.category.id,
    subCategoryId: tree.subCategory.id,
    childCategoryId: tree.childCategory.id,
    pricing: [{ costPrice: 5000, sellingPrice: 12_500, price: 12_500 }],
    quantity: 5,
    sku: `LIMIT-${sku}-${randomUUID().slice(0, 6)}`,
    weight: 0.5,
    weightUnit: 'kg',
    dimension: { length: 30, width: 20, height: 5 },
    dimensionUnit: 'cm',
    whenSoldOut: 'show-sold-out',
    contSalesOutOfStock: false,
    stockAlertUnits: 1,
    IsDigitalProduct: false,
    variant: [],
    variantProperties: [],
  });
}

async function productCount(storeId: string) {
  const [row] = await test.deps.db.select({ n: count() }).from(products).where(eq(products.storeId, storeId));
  return row!.n;
}

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, carriers: 1 });
  ({ test } = market);
  [merchant, otherMerchant] = market.merchants;
  adminToken = market.admin.accessToken;
  customerToken = market.customers[0].token;
  partnerToken = market.carriers[0].accessToken;
  plans = json(await call('GET', urlOf(planPublicEndpoints.list))).data as typeof plans;
  tree = await createCategoryTree(test);
});
afterAll(() => test?.close());

describe('a store subscription (/merchant/subscription)', () => {
  let reference: string;

  it('a store that pays for nothing is on the default plan', async () => {
    const answer = await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token);
    expect(answer.statusCode).toBe(200);
    expect(json(answer).data).toMatchObject({ plan: { code: 'starter' }, subscription: null });
  });

  it('subscribes to Growth: an invoice, paid through the provider, then the plan is active for a month', async () => {
    const growth = planOf('growth');
    const started = await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), merchant.token, {
      planId: growth.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { invoice, authorizationUrl } = json(started).data as {
      invoice: { reference: string; status: string; amountKobo: number };
      authorizationUrl: string;
    };
    expect(invoice).toMatchObject({ status: 'pending', amountKobo: growth.monthlyPriceKobo });
    reference = invoice.reference;
    expect(reference).toMatch(/^SUB-/);

    // Not paid yet: still on the default plan.
    expect(
      (
        json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token)).data as {
          plan: { code: string };
        }
      ).plan.code,
    ).toBe('starter');

    await payOnSandbox(authorizationUrl);
    const verified = await call('POST', urlOf(subscriptionMerchantEndpoints.verify), merchant.token, {
      reference,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const paid = json(verified).data as { status: string; periodStart: string; periodEnd: string };
    expect(paid.status).toBe('paid');
    const days = (Date.parse(paid.periodEnd) - Date.parse(paid.periodStart)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const current = json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token))
      .data as {
      plan: { code: string };
      subscription: { status: string; planName: string; currentPeriodEnd: string };
    };
    expect(current.plan.code).toBe('growth');
    expect(current.subscription).toMatchObject({
      status: 'active',
      planName: 'Growth',
      currentPeriodEnd: paid.periodEnd,
    });
  });

  it('an abandoned checkout leaves no second "Awaiting payment" invoice; paying it late still counts', async () => {
    const shopper = await createMerchantWithStore(test);
    const growth = planOf('growth');
    const start = async () => {
      const started = await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), shopper.token, {
        planId: growth.id,
      });
      expect(started.statusCode, started.body).toBe(201);
      return json(started).data as { invoice: { reference: string }; authorizationUrl: string };
    };
    const abandoned = await start();
    const second = await start();
    const list = json(await call('GET', urlOf(subscriptionMerchantEndpoints.invoices), shopper.token))
      .data as {
      rows: { reference: string; status: string }[];
    };
    expect(list.rows.filter((row) => row.status === 'pending').map((row) => row.reference)).toEqual([
      second.invoice.reference,
    ]);
    expect(list.rows.find((row) => row.reference === abandoned.invoice.reference)?.status).toBe('cancelled');

    // The merchant finds the old payment tab and pays it after all: the money is not lost.
    await payOnSandbox(abandoned.authorizationUrl);
    const verified = await call('POST', urlOf(subscriptionMerchantEndpoints.verify), shopper.token, {
      reference: abandoned.invoice.reference,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((json(verified).data as { status: string }).status).toBe('paid');
  });

  it('a replayed webhook is verified and changes nothing (idempotent); a forged one is refused', async () => {
    const before = json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token))
      .data as {
      subscription: { currentPeriodEnd: string };
    };
    const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference, id: 1 } }));
    const secret = sandboxSecret(test.deps.config.dataDir);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const delivered = await test.app.inject({
        method: 'POST',
        url: PAYSTACK_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(secret, body),
        },
        payload: body,
      });
      expect(delivered.statusCode).toBe(200);
    }
    const forged = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody('sk_wrong', body),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const after = json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token))
      .data as typeof before;
    expect(after.subscription.currentPeriodEnd).toBe(before.subscription.currentPeriodEnd);
    const invoices = json(await call('GET', urlOf(subscriptionMerchantEndpoints.invoices), merchant.token))
      .data as {
      count: number;
      rows: { status: string }[];
    };
    expect(invoices.count).toBe(1);
    expect(invoices.rows[0]!.status).toBe('paid');
  });

  it('paying the next month of the same plan extends the period from its end', async () => {
    const before = json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token))
      .data as {
      subscription: { currentPeriodEnd: string };
    };
    const started = json(
      await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), merchant.token, {
        planId: planOf('growth').id,
      }),
    ).data as { invoice: { reference: string; periodStart: string }; authorizationUrl: string };
    expect(started.invoice.periodStart).toBe(before.subscription.currentPeriodEnd);
    await payOnSandbox(started.authorizationUrl);
    const paid = json(
      await call('POST', urlOf(subscriptionMerchantEndpoints.verify), merchant.token, {
        reference: started.invoice.reference,
      }),
    ).data as { periodStart: string; periodEnd: string };
    expect(paid.periodStart).toBe(before.subscription.currentPeriodEnd);
    const after = json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token))
      .data as typeof before;
    expect(after.subscription.currentPeriodEnd).toBe(paid.periodEnd);
  });

  it('unknown or inactive plans are 404, a malformed id 422', async () => {
    expect(
      (
        await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), merchant.token, {
          planId: randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), merchant.token, {
          planId: 'growth',
        })
      ).statusCode,
    ).toBe(422);
  });

  it("another merchant neither sees nor verifies this store's invoices", async () => {
    const theirs = json(await call('GET', urlOf(subscriptionMerchantEndpoints.invoices), otherMerchant.token))
      .data as { count: number };
    expect(theirs.count).toBe(0);
    const verify = await call('POST', urlOf(subscriptionMerchantEndpoints.verify), otherMerchant.token, {
      reference,
    });
    expect(verify.statusCode).toBe(404);
    expect(
      (
        json(await call('GET', urlOf(subscriptionMerchantEndpoints.current), otherMerchant.token)).data as {
          subscription: null;
        }
      ).subscription,
    ).toBeNull();
  });

  it('only the owner manages it: a manager, customers, admins, partners are refused; anonymous 401', async () => {
    const staff = await createConfirmedAccount(test, 'merchant');
    const session = await login(test, 'merchant', staff.email);
    const userId = session.user.id as string;
    await test.deps.db.update(storeMembers).set({ isActive: false }).where(eq(storeMembers.userId, userId));
    await test.deps.db.insert(storeMembers).values({ storeId: merchant.storeId, userId, role: 'manager' });
    for (const token of [session.accessToken, customerToken, adminToken, partnerToken]) {
      expect((await call('GET', urlOf(subscriptionMerchantEndpoints.current), token)).statusCode).toBe(403);
      expect(
        (
          await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), token, {
            planId: planOf('pro').id,
          })
        ).statusCode,
      ).toBe(403);
      expect((await call('GET', urlOf(subscriptionMerchantEndpoints.invoices), token)).statusCode).toBe(403);
      expect(
        (await call('POST', urlOf(subscriptionMerchantEndpoints.verify), token, { reference })).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', urlOf(subscriptionMerchantEndpoints.current))).statusCode).toBe(401);
    expect(
      (
        await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), undefined, {
          planId: planOf('pro').id,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('product limits of the plan', () => {
  it('a store on the default plan cannot list more products than it allows: 409 with a clear message', async () => {
    const starter = planOf('starter');
    const limited = await call(
      'PATCH',
      urlOf(planAdminEndpoints.update, { params: { id: starter.id } }),
      adminToken,
      { productLimit: 2 },
    );
    expect(limited.statusCode, limited.body).toBe(200);
    const owner = await createMerchantWithStore(test);
    expect((await createProduct(owner)).statusCode).toBe(201);
    expect((await createProduct(owner)).statusCode).toBe(201);
    const third = await createProduct(owner);
    expect(third.statusCode).toBe(409);
    expect(json(third)).toMatchObject({ error: 'CONFLICT', message: productLimitMessage('Starter', 2) });
    expect(await productCount(owner.storeId)).toBe(2);

    // The Growth store above is not held to Starter's limit.
    for (let index = 0; index < 3; index += 1) expect((await createProduct(merchant)).statusCode).toBe(201);
  });

  it('N concurrent creates at the limit leave exactly the limit', async () => {
    const starter = planOf('starter');
    await call('PATCH', urlOf(planAdminEndpoints.update, { params: { id: starter.id } }), adminToken, {
      productLimit: 3,
    });
    const owner = await createMerchantWithStore(test);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createProduct(owner)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(await productCount(owner.storeId)).toBe(3);
  });
});
