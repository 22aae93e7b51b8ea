import { payOnDeliveryEndpoints, shippingZoneEndpoints } from '@market/contracts';
import { expect } from 'vitest';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json, type TestApp } from '../support/test-app.js';

/**
 * The admin allows pay on delivery in the Lagos zones (order limit ₦1,000,000, the given fee in naira, refusals 3 in
 * 30 days, a carrier cash limit no test reaches) and the store opts in: what every pay-on-delivery test starts from.
 */
export async function allowPayOnDeliveryInLagos(
  test: TestApp,
  setup: CommerceSetup,
  store: SellingStore,
  fee: number,
): Promise<void> {
  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const zones = json(await call('GET', urlOf(shippingZoneEndpoints.list), setup.admin.accessToken)).data
    .zones as {
    id: string;
    states: string[];
  }[];
  const saved = await call('PUT', urlOf(payOnDeliveryEndpoints.saveSettings), setup.admin.accessToken, {
    enabled: true,
    zoneIds: zones.filter((zone) => zone.states.includes('Lagos')).map((zone) => zone.id),
    maxOrder: 1_000_000,
    fee,
    refusalLimit: 3,
    refusalPeriodDays: 30,
    carrierCashLimit: 100_000_000,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const optedIn = await call('PUT', urlOf(payOnDeliveryEndpoints.saveStoreSetting), store.accessToken, {
    enabled: true,
  });
  expect(optedIn.statusCode, optedIn.body).toBe(200);
}
