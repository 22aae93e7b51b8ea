import { adminOrderEndpoints, partnerApprovalEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceSetup, SellingStore, Shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, createAdmin, createPartner, json, type TestApp } from '../support/test-app.js';
import { type Carrier, type Dispatcher, world } from '../support/world.js';

// An admin approves a shipping partner before orders may be assigned to it (issue 7).

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let customer: Shopper;
let dispatcher: Dispatcher;
let other: Carrier;
beforeAll(async () => {
  const market = await world({ carriers: 1, dispatchers: 1 });
  ({ test, setup } = market);
  [store] = market.stores;
  [customer] = market.customers;
  [dispatcher] = market.dispatchers;
  [other] = market.carriers;
}, 120_000);
afterAll(() => test.close());

const call = (method: 'GET' | 'POST', url: string, token: string) =>
  test.app.inject({ method, url, headers: bearer(token) });

describe('partner approval', () => {
  it('keeps an applicant out of the carriers until an admin approves it', async () => {
    const applicant = await createPartner(test, { approved: false });
    const carriers = async () =>
      (
        json(await call('GET', urlOf(adminOrderEndpoints.carriers), setup.admin.accessToken)).data as {
          id: string;
        }[]
      ).map((carrier) => carrier.id);
    expect(await carriers()).not.toContain(applicant.id);
    const pending = json(
      await call('GET', urlOf(partnerApprovalEndpoints.list), setup.admin.accessToken),
    ).data;
    expect(pending.map((partner: { id: string }) => partner.id)).toContain(applicant.id);

    // Nobody but an admin may approve: other account types and the dispatcher and scheduler roles are refused.
    for (const token of [
      customer.token,
      store.accessToken,
      other.accessToken,
      dispatcher.accessToken,
      (await createAdmin(test, 'scheduler')).accessToken,
    ]) {
      expect(
        (await call('POST', urlOf(partnerApprovalEndpoints.approve, { params: { id: applicant.id } }), token))
          .statusCode,
      ).toBe(403);
      expect((await call('GET', urlOf(partnerApprovalEndpoints.list), token)).statusCode).toBe(403);
    }

    const approved = await call(
      'POST',
      urlOf(partnerApprovalEndpoints.approve, { params: { id: applicant.id } }),
      setup.admin.accessToken,
    );
    expect(approved.statusCode).toBe(200);
    expect(json(approved).message).toBe('Partner approved');
    expect(await carriers()).toContain(applicant.id);
    const list = json(
      await call(
        'GET',
        urlOf(partnerApprovalEndpoints.list, { query: { status: 'approved' } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(list.find((partner: { id: string }) => partner.id === applicant.id).approvedAt).toEqual(
      expect.any(String),
    );
    const unknown = await call(
      'POST',
      urlOf(partnerApprovalEndpoints.approve, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      setup.admin.accessToken,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
