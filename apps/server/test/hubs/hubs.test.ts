import { randomUUID } from 'node:crypto';
import {
  adminOrderEndpoints,
  fulfilmentEndpoints,
  hubAdminEndpoints,
  hubEndpoints,
  storeProfileEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  sellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';
import { type Carrier, type Dispatcher, world } from '../support/world.js';

// Platform hubs (issue 7): admins create them, stores and approved partners apply, admins decide; a store names
// only a hub it is approved for, and an order assigned to the platform hub records that hub.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let customer: Shopper;
let partner: Carrier;
let dispatcher: Dispatcher;
let scheduler: Awaited<ReturnType<typeof createAdmin>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  const market = await world({ stores: 2, carriers: 1, dispatchers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [customer] = market.customers;
  [partner] = market.carriers;
  [dispatcher] = market.dispatchers;
  scheduler = await createAdmin(test, 'scheduler');
  admin = setup.admin;
}, 180_000);
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const hubInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Hub ${randomUUID().slice(0, 8)}`,
  address: '12 Industrial Avenue, Ilupeju',
  state: 'lagos',
  lga: 'ikeja',
  capacity: 500,
  contactPhone: '0803 123 4567',
  contactEmail: 'Hub@Example.com',
  ...overrides,
});

async function newHub(overrides: Record<string, unknown> = {}) {
  const response = await call(
    'POST',
    urlOf(hubAdminEndpoints.create),
    admin.accessToken,
    hubInput(overrides),
  );
  expect(response.statusCode).toBe(201);
  return json(response).data as { id: string; name: string };
}

async function apply(token: string, hubId: string, kind: 'run' | 'use' = 'use') {
  return call('POST', urlOf(hubEndpoints.apply), token, { hubId, kind, note: 'We drop parcels daily' });
}

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('hubs: admins create and edit', () => {
  it('creates a hub with a canonical state and LGA and a +234 phone; refuses bad input and duplicates', async () => {
    const created = await call(
      'POST',
      urlOf(hubAdminEndpoints.create),
      admin.accessToken,
      hubInput({ name: 'Ikeja Hub One' }),
    );
    expect(created.statusCode).toBe(201);
    expect(json(created).data).toMatchObject({
      name: 'Ikeja Hub One',
      state: 'Lagos',
      lga: 'Ikeja',
      capacity: 500,
      contactPhone: '+2348031234567',
      contactEmail: 'hub@example.com',
      isActive: true,
    });
    const duplicate = await call(
      'POST',
      urlOf(hubAdminEndpoints.create),
      admin.accessToken,
      hubInput({ name: 'ikeja hub one' }),
    );
    expect(duplicate.statusCode).toBe(409);
    const wrongLga = await call(
      'POST',
      urlOf(hubAdminEndpoints.create),
      admin.accessToken,
      hubInput({ lga: 'Garki' }),
    );
    expect(wrongLga.statusCode).toBe(422);
    expect(json(wrongLga).details?.[0]).toMatchObject({ path: 'lga', message: 'Choose an LGA of Lagos' });
    const badPhone = await call(
      'POST',
      urlOf(hubAdminEndpoints.create),
      admin.accessToken,
      hubInput({ contactPhone: '+1 202 555 0100' }),
    );
    expect(badPhone.statusCode).toBe(422);
    const noCapacity = await call(
      'POST',
      urlOf(hubAdminEndpoints.create),
      admin.accessToken,
      hubInput({ capacity: 0 }),
    );
    expect(noCapacity.statusCode).toBe(422);
  });

  it('edits a hub and closes it; a closed hub is not offered and takes no applications', async () => {
    const hub = await newHub();
    const edited = await call(
      'PUT',
      urlOf(hubAdminEndpoints.update, { params: { id: hub.id } }),
      admin.accessToken,
      hubInput({
        name: hub.name,
        state: 'FCT',
        lga: 'Abuja Municipal Area Council',
        capacity: 80,
        isActive: false,
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(json(edited).data).toMatchObject({
      state: 'Federal Capital Territory',
      capacity: 80,
      isActive: false,
    });
    const offered = json(await call('GET', urlOf(hubEndpoints.approved), store.accessToken)).data;
    expect(ids(offered)).not.toContain(hub.id);
    expect(ids(json(await call('GET', urlOf(hubAdminEndpoints.list), admin.accessToken)).data)).toContain(
      hub.id,
    );
    expect((await apply(store.accessToken, hub.id)).statusCode).toBe(422);
    const unknown = await call(
      'PUT',
      urlOf(hubAdminEndpoints.update, { params: { id: randomUUID() } }),
      admin.accessToken,
      hubInput(),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only admins with hubs:manage create, edit and list every hub', async () => {
    const hub = await newHub();
    for (const token of [
      customer.token,
      store.accessToken,
      partner.accessToken,
      dispatcher.accessToken,
      scheduler.accessToken,
    ]) {
      expect((await call('POST', urlOf(hubAdminEndpoints.create), token, hubInput())).statusCode).toBe(403);
      expect(
        (await call('PUT', urlOf(hubAdminEndpoints.update, { params: { id: hub.id } }), token, hubInput()))
          .statusCode,
      ).toBe(403);
      expect((await call('GET', urlOf(hubAdminEndpoints.list), token)).statusCode).toBe(403);
    }
    expect((await call('POST', urlOf(hubAdminEndpoints.create), undefined, hubInput())).statusCode).toBe(401);
    expect((await call('GET', urlOf(hubAdminEndpoints.list))).statusCode).toBe(401);
  });

  it('shows the open hubs to merchants, partners and admins, not to customers or visitors', async () => {
    const hub = await newHub();
    for (const token of [store.accessToken, partner.accessToken, dispatcher.accessToken]) {
      const response = await call('GET', urlOf(hubEndpoints.approved), token);
      expect(response.statusCode).toBe(200);
      expect(ids(json(response).data)).toContain(hub.id);
    }
    expect((await call('GET', urlOf(hubEndpoints.approved), customer.token)).statusCode).toBe(403);
    expect((await call('GET', urlOf(hubEndpoints.approved))).statusCode).toBe(401);
  });

  it('hides hub addresses from a store or partner no admin approved yet (issue 24)', async () => {
    const hub = await newHub();
    const pendingMerchant = await createConfirmedAccount(test, 'merchant');
    const pendingStore = (await login(test, 'merchant', pendingMerchant.email)).accessToken;
    const pendingPartner = (await createPartner(test, { approved: false })).accessToken;
    for (const [token, message] of [
      [pendingStore, 'An admin must approve your store before it can see or apply for hubs'],
      [pendingPartner, 'An admin must approve your shipping company before it can see or apply for hubs'],
    ] as const) {
      const listed = await call('GET', urlOf(hubEndpoints.approved), token);
      expect(listed.statusCode).toBe(403);
      expect(json(listed)).toMatchObject({ error: 'FORBIDDEN', message });
      expect(listed.body).not.toContain(hub.name);
      expect(listed.body).not.toContain('Industrial Avenue');
      const applied = await apply(token, hub.id);
      expect(applied.statusCode).toBe(403);
      expect(json(applied).message).toBe(message);
    }
    // Approved, they see it.
    for (const token of [store.accessToken, partner.accessToken]) {
      expect(ids(json(await call('GET', urlOf(hubEndpoints.approved), token)).data)).toContain(hub.id);
    }
  });
});

describe('hub applications', () => {
  it('takes a store’s application once while pending and shows it only to that store', async () => {
    const hub = await newHub();
    const sent = await apply(store.accessToken, hub.id, 'use');
    expect(sent.statusCode).toBe(201);
    const application = json(sent).data;
    expect(application).toMatchObject({
      hub: { id: hub.id, name: hub.name },
      kind: 'use',
      applicantKind: 'store',
      applicantId: store.storeId,
      status: 'pending',
      rejectionReason: null,
    });
    const again = await apply(store.accessToken, hub.id, 'run');
    expect(again.statusCode).toBe(409);
    const mine = json(await call('GET', urlOf(hubEndpoints.mine), store.accessToken)).data;
    expect(ids(mine)).toContain(application.id);
    const theirs = json(await call('GET', urlOf(hubEndpoints.mine), otherStore.accessToken)).data;
    expect(ids(theirs)).not.toContain(application.id);
    const partners = json(await call('GET', urlOf(hubEndpoints.mine), partner.accessToken)).data;
    expect(ids(partners)).not.toContain(application.id);
  });

  it('lets one of many applications sent at once through', async () => {
    const hub = await newHub();
    const answers = await Promise.all(Array.from({ length: 8 }, () => apply(otherStore.accessToken, hub.id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
  });

  it('takes an approved partner’s application, refuses an unapproved one and other account types', async () => {
    const hub = await newHub();
    const sent = await apply(partner.accessToken, hub.id, 'run');
    expect(sent.statusCode).toBe(201);
    expect(json(sent).data).toMatchObject({
      applicantKind: 'partner',
      applicantName: 'Test Riders',
      kind: 'run',
    });
    const applicant = await createPartner(test, { approved: false });
    expect((await apply(applicant.accessToken, hub.id)).statusCode).toBe(403);
    for (const token of [customer.token, admin.accessToken, dispatcher.accessToken]) {
      expect((await apply(token, hub.id)).statusCode).toBe(403);
      expect((await call('GET', urlOf(hubEndpoints.mine), token)).statusCode).toBe(403);
    }
    expect((await apply('', hub.id)).statusCode).toBe(401);
    expect((await call('GET', urlOf(hubEndpoints.mine))).statusCode).toBe(401);
    const unknownHub = await apply(store.accessToken, randomUUID());
    expect(unknownHub.statusCode).toBe(422);
  });

  it('approves with the specification’s message; the application leaves the pending list', async () => {
    const hub = await newHub();
    const application = json(await apply(store.accessToken, hub.id)).data;
    const pending = json(await call('GET', urlOf(hubAdminEndpoints.applications), admin.accessToken)).data;
    expect(ids(pending)).toContain(application.id);
    const approved = await call(
      'POST',
      urlOf(hubAdminEndpoints.approve, { params: { id: application.id } }),
      admin.accessToken,
    );
    expect(approved.statusCode).toBe(200);
    expect(json(approved).message).toBe('Successfully approved hub');
    expect(json(approved).data.status).toBe('approved');
    const after = json(await call('GET', urlOf(hubAdminEndpoints.applications), admin.accessToken)).data;
    expect(ids(after)).not.toContain(application.id);
    const decided = json(
      await call(
        'GET',
        urlOf(hubAdminEndpoints.applications, { query: { status: 'approved' } }),
        admin.accessToken,
      ),
    ).data;
    expect(ids(decided)).toContain(application.id);
    // Approved to use it: asking again to use it is a 409; asking to run it is a new application.
    expect((await apply(store.accessToken, hub.id, 'use')).statusCode).toBe(409);
    expect((await apply(store.accessToken, hub.id, 'run')).statusCode).toBe(201);
    const rejectLate = await call(
      'POST',
      urlOf(hubAdminEndpoints.reject, { params: { id: application.id } }),
      admin.accessToken,
      {
        reason: 'Too late',
      },
    );
    expect(rejectLate.statusCode).toBe(409);
  });

  it('lets one of two admins approving at once win; the other gets 409', async () => {
    const hub = await newHub();
    const application = json(await apply(otherStore.accessToken, hub.id)).data;
    const second = await createAdmin(test, 'superadmin');
    const answers = await Promise.all(
      [admin, second, admin, second].map((who) =>
        call('POST', urlOf(hubAdminEndpoints.approve, { params: { id: application.id } }), who.accessToken),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      'This application is already approved',
    );
  });

  it('rejects with a reason the applicant sees; a reason is required', async () => {
    const hub = await newHub();
    const application = json(await apply(partner.accessToken, hub.id)).data;
    const noReason = await call(
      'POST',
      urlOf(hubAdminEndpoints.reject, { params: { id: application.id } }),
      admin.accessToken,
      {},
    );
    expect(noReason.statusCode).toBe(422);
    const rejected = await call(
      'POST',
      urlOf(hubAdminEndpoints.reject, { params: { id: application.id } }),
      admin.accessToken,
      {
        reason: 'This hub is full until January',
      },
    );
    expect(rejected.statusCode).toBe(200);
    const mine = json(await call('GET', urlOf(hubEndpoints.mine), partner.accessToken)).data;
    expect(mine.find((item: { id: string }) => item.id === application.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'This hub is full until January',
    });
    // Rejected: the partner may apply again.
    expect((await apply(partner.accessToken, hub.id)).statusCode).toBe(201);
    const unknown = await call(
      'POST',
      urlOf(hubAdminEndpoints.approve, { params: { id: randomUUID() } }),
      admin.accessToken,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only admins with approvals:hubs see and decide applications', async () => {
    const hub = await newHub();
    const application = json(await apply(store.accessToken, hub.id)).data;
    for (const token of [
      customer.token,
      store.accessToken,
      partner.accessToken,
      dispatcher.accessToken,
      scheduler.accessToken,
    ]) {
      expect((await call('GET', urlOf(hubAdminEndpoints.applications), token)).statusCode).toBe(403);
      expect(
        (await call('POST', urlOf(hubAdminEndpoints.approve, { params: { id: application.id } }), token))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('POST', urlOf(hubAdminEndpoints.reject, { params: { id: application.id } }), token, {
            reason: 'No way',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (await call('POST', urlOf(hubAdminEndpoints.approve, { params: { id: application.id } }))).statusCode,
    ).toBe(401);
    const still = json(await call('GET', urlOf(hubAdminEndpoints.applications), admin.accessToken)).data;
    expect(ids(still)).toContain(application.id);
  });
});

describe('the store’s platform hub', () => {
  const saveHub = (token: string, hubId: string | null) =>
    call('POST', urlOf(storeProfileEndpoints.save), token, { store: { hubId } });

  it('names only a hub the store is approved for, and the profile shows it', async () => {
    const hub = await newHub();
    const notYet = await saveHub(store.accessToken, hub.id);
    expect(notYet.statusCode).toBe(422);
    expect(json(notYet).details?.[0]?.path).toBe('store.hubId');
    const application = json(await apply(store.accessToken, hub.id)).data;
    expect((await saveHub(store.accessToken, hub.id)).statusCode).toBe(422);
    await call(
      'POST',
      urlOf(hubAdminEndpoints.approve, { params: { id: application.id } }),
      admin.accessToken,
    );
    const saved = await saveHub(store.accessToken, hub.id);
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe('Successfully added store profile');
    expect(json(saved).data.store.hubId).toBe(hub.id);
    expect(
      json(await call('GET', urlOf(storeProfileEndpoints.get), store.accessToken)).data.store.hubId,
    ).toBe(hub.id);
    // Another store is not approved for it.
    expect((await saveHub(otherStore.accessToken, hub.id)).statusCode).toBe(422);
    // Clearing it needs no approval.
    expect(json(await saveHub(otherStore.accessToken, null)).data.store.hubId).toBeNull();
  });

  it('records the store’s hub when an admin assigns its order to the platform hub', async () => {
    const seller = await sellingStore(test, setup);
    const hub = await newHub({ name: `Yaba Hub ${randomUUID().slice(0, 4)}` });
    const application = json(await apply(seller.accessToken, hub.id)).data;
    await call(
      'POST',
      urlOf(hubAdminEndpoints.approve, { params: { id: application.id } }),
      admin.accessToken,
    );
    expect((await saveHub(seller.accessToken, hub.id)).statusCode).toBe(200);

    const product = await listedProduct(test, setup, seller, { quantity: 5 });
    const buyer = await shopper(test);
    await addToCart(test, buyer, product.id, 1);
    const created = json(await checkout(test, buyer)).data;
    await payInSandbox(test, created.payment.authorizationUrl, 'success');
    const orderId = created.tracker.orders[0].id as string;
    for (const status of ['accepted', 'ready_for_pickup']) {
      const moved = await test.app.inject({
        ...requestOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } }),
        headers: bearer(seller.accessToken),
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    const assigned = await call(
      'POST',
      urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
      admin.accessToken,
      {
        carrier: 'hub',
      },
    );
    expect(assigned.statusCode).toBe(200);
    const order = json(assigned).data;
    expect(order.assignedToPlatformHub).toBe(true);
    expect(order.platformHub).toEqual({ id: hub.id, name: hub.name });
    // The admin reads the step in staff words (issue 34 item 21); the customer reads "Your order…".
    expect(order.orderActivities.at(-1).activity).toBe(`The order is going to our hub: ${hub.name}.`);
  });
});
