import { planAdminEndpoints, planPublicEndpoints, pricingPlanDetails, pricingPlans } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

let test: TestApp;
let adminToken: string;
let superadminToken: string;
let dispatcherToken: string;
let merchant: TestMerchant;
let customerToken: string;
let partnerToken: string;

type Plan = {
  id: string;
  code: string;
  name: string;
  monthlyPriceKobo: number;
  isDefault: boolean;
  isActive: boolean;
};

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });

const plansOf = async (url: string, token?: string) => json(await call('GET', url, token)).data as Plan[];

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 1, carriers: 1, dispatchers: 1 });
  ({ test } = market);
  [merchant] = market.merchants;
  adminToken = market.admin.accessToken;
  superadminToken = market.superadmin.accessToken;
  dispatcherToken = market.dispatchers[0].accessToken;
  customerToken = market.customers[0].token;
  partnerToken = market.carriers[0].accessToken;
});
afterAll(() => test?.close());

describe('plans', () => {
  it('the migration seeds the three onboarding plans, Starter the default, with the prices onboarding shows', async () => {
    const plans = await plansOf(urlOf(planPublicEndpoints.list));
    expect(plans.map((plan) => plan.code)).toEqual([...pricingPlans]);
    for (const plan of plans) {
      const shown = pricingPlanDetails[plan.code as (typeof pricingPlans)[number]];
      expect(plan).toMatchObject({
        name: shown.name,
        monthlyPriceKobo: shown.monthlyPriceKobo,
        isActive: true,
      });
    }
    expect(plans.filter((plan) => plan.isDefault).map((plan) => plan.code)).toEqual(['starter']);
  });

  it('an admin adds a plan and changes it; the public list shows what is on offer', async () => {
    const created = await call('POST', urlOf(planAdminEndpoints.create), adminToken, {
      code: 'Enterprise',
      name: 'Enterprise',
      monthlyPriceKobo: 9_000_000,
      productLimit: null,
      sortOrder: 40,
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = json(created).data as Plan;
    expect(plan).toMatchObject({ code: 'enterprise', isActive: true, isDefault: false });
    // One commission rule (ADR 046): a plan carries no commission; the store's payment category does.
    expect(plan).not.toHaveProperty('commissionBasisPoints');

    const duplicate = await call('POST', urlOf(planAdminEndpoints.create), superadminToken, {
      code: 'enterprise',
      name: 'Again',
      monthlyPriceKobo: 1,
      productLimit: 1,
    });
    expect(duplicate.statusCode).toBe(409);

    const hidden = await call(
      'PATCH',
      urlOf(planAdminEndpoints.update, { params: { id: plan.id } }),
      adminToken,
      {
        isActive: false,
        name: 'Enterprise (old)',
      },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await plansOf(urlOf(planPublicEndpoints.list))).map((row) => row.code)).not.toContain(
      'enterprise',
    );
    expect(
      (await plansOf(urlOf(planAdminEndpoints.list), adminToken)).find((row) => row.id === plan.id),
    ).toMatchObject({
      name: 'Enterprise (old)',
      isActive: false,
    });
  });

  it('exactly one default plan: making another the default moves it; the default cannot be switched off', async () => {
    const plans = await plansOf(urlOf(planAdminEndpoints.list), adminToken);
    const starter = plans.find((plan) => plan.code === 'starter')!;
    const growth = plans.find((plan) => plan.code === 'growth')!;

    expect(
      (
        await call('PATCH', urlOf(planAdminEndpoints.update, { params: { id: starter.id } }), adminToken, {
          isActive: false,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('PATCH', urlOf(planAdminEndpoints.update, { params: { id: starter.id } }), adminToken, {
          isDefault: false,
        })
      ).statusCode,
    ).toBe(409);

    const moved = await call(
      'PATCH',
      urlOf(planAdminEndpoints.update, { params: { id: growth.id } }),
      adminToken,
      { isDefault: true },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await plansOf(urlOf(planAdminEndpoints.list), adminToken);
    expect(after.filter((plan) => plan.isDefault).map((plan) => plan.code)).toEqual(['growth']);
    await call('PATCH', urlOf(planAdminEndpoints.update, { params: { id: starter.id } }), adminToken, {
      isDefault: true,
    });
  });

  it('answers 422 for bad input and 404 for an unknown plan', async () => {
    const bad = await call('POST', urlOf(planAdminEndpoints.create), adminToken, {
      code: 'x',
      name: '',
      monthlyPriceKobo: -1,
      productLimit: 0,
    });
    expect(bad.statusCode).toBe(422);
    const missing = await call(
      'PATCH',
      urlOf(planAdminEndpoints.update, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      adminToken,
      {
        name: 'Nobody',
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('only admins holding plans:manage manage plans; anyone reads the public list', async () => {
    const body = {
      code: 'mine',
      name: 'Mine',
      monthlyPriceKobo: 0,
      productLimit: 5,
    };
    for (const token of [merchant.token, customerToken, partnerToken, dispatcherToken]) {
      expect((await call('GET', urlOf(planAdminEndpoints.list), token)).statusCode).toBe(403);
      expect((await call('POST', urlOf(planAdminEndpoints.create), token, body)).statusCode).toBe(403);
    }
    const refused = await call('POST', urlOf(planAdminEndpoints.create), dispatcherToken, body);
    expect(json(refused).message).toContain('plans:manage');
    expect((await call('GET', urlOf(planAdminEndpoints.list))).statusCode).toBe(401);
    expect((await call('POST', urlOf(planAdminEndpoints.create), undefined, body)).statusCode).toBe(401);
    for (const token of [undefined, merchant.token, customerToken, partnerToken, adminToken]) {
      expect((await call('GET', urlOf(planPublicEndpoints.list), token)).statusCode).toBe(200);
    }
  });
});
