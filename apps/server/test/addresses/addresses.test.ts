import { shippingAddressEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAddress, findCustomerAddress } from '../../src/modules/addresses/addresses.service.js';
import { urlOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object });

async function newCustomer() {
  const account = await createConfirmedAccount(test, 'customer');
  const session = await login(test, 'customer', account.email);
  return { id: account.id, token: session.accessToken };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Chioma Eze',
  phoneNumber: '0803 123 4567',
  emailAddress: 'Chioma@Example.ng',
  stateOrRegion: 'lagos',
  lga: 'ikeja',
  address: '12 Allen Avenue',
  ...overrides,
});

async function add(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', urlOf(shippingAddressEndpoints.add), token, body(overrides));
  if (response.statusCode !== 201) throw new Error(response.body);
  return json(response).data as { id: string; default: boolean };
}

async function list(token: string) {
  return json(await call('GET', urlOf(shippingAddressEndpoints.list), token)).data as {
    rows: { id: string; default: boolean }[];
    count: number;
  };
}

pglite.describe('customer shipping addresses', () => {
  it('adds an address in canonical form; the first becomes the default', async () => {
    const customer = await newCustomer();
    const response = await call('POST', urlOf(shippingAddressEndpoints.add), customer.token, body());
    expect(response.statusCode).toBe(201);
    expect(json(response).message).toBe('Shipping address added successfully');
    expect(json(response).data).toMatchObject({
      fullName: 'Chioma Eze',
      phoneNumber: '+2348031234567',
      emailAddress: 'chioma@example.ng',
      stateOrRegion: 'Lagos',
      lga: 'Ikeja',
      address: '12 Allen Avenue',
      default: true,
    });
    const second = await add(customer.token, { stateOrRegion: 'FCT', lga: 'Bwari' });
    expect(second.default).toBe(false);
    const listed = await list(customer.token);
    expect(listed.count).toBe(2);
    expect(listed.rows[0]!.default).toBe(true);
    expect(listed.rows.map((row) => row.id)).toContain(second.id);
  });

  it('answers 422 with details for a state outside Nigeria, an LGA of another state and a bad phone', async () => {
    const customer = await newCustomer();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ stateOrRegion: 'Accra' }, 'stateOrRegion', /36 states/],
      [{ lga: 'Kano Municipal' }, 'lga', /LGA of Lagos/],
      [{ phoneNumber: '+44 20 7946 0958' }, 'phoneNumber', /Nigerian phone/],
      [{ phoneNumber: 'call me' }, 'phoneNumber', /valid phone/],
      [{ emailAddress: 'nope' }, 'emailAddress', /valid email/],
      [{ address: '' }, 'address', /Address is required/],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await call(
        'POST',
        urlOf(shippingAddressEndpoints.add),
        customer.token,
        body(overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(json(response).error).toBe('VALIDATION_ERROR');
      expect(json(response).details?.[0]).toMatchObject({ path });
      expect(json(response).details?.[0]?.message).toMatch(message);
    }
    expect((await list(customer.token)).count).toBe(0);
  });

  it('updates fields and checks the LGA against a changed state', async () => {
    const customer = await newCustomer();
    const address = await add(customer.token);
    const url = urlOf(shippingAddressEndpoints.update, { params: { id: address.id } });
    const renamed = await call('PATCH', url, customer.token, {
      fullName: 'Chioma N. Eze',
      phoneNumber: '+2348091112222',
    });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).data).toMatchObject({
      fullName: 'Chioma N. Eze',
      phoneNumber: '+2348091112222',
      lga: 'Ikeja',
    });

    const stateOnly = await call('PATCH', url, customer.token, { stateOrRegion: 'Kano' });
    expect(stateOnly.statusCode).toBe(422);
    expect(json(stateOnly).details?.[0]).toMatchObject({ path: 'lga', message: 'Choose an LGA of Kano' });

    const moved = await call('PATCH', url, customer.token, { stateOrRegion: 'Kano', lga: 'nasarawa' });
    expect(moved.statusCode).toBe(200);
    expect(json(moved).data).toMatchObject({ stateOrRegion: 'Kano', lga: 'Nasarawa' });

    expect((await call('PATCH', url, customer.token, {})).statusCode).toBe(422);
    expect((await call('PATCH', url, customer.token, { phoneNumber: '12345678' })).statusCode).toBe(422);
    const undefault = await call('PATCH', url, customer.token, { default: false });
    expect(undefault.statusCode).toBe(409);
  });

  it('switches the default so that exactly one address holds it', async () => {
    const customer = await newCustomer();
    const first = await add(customer.token);
    const second = await add(customer.token, { address: '2 Awolowo Road' });
    const third = await add(customer.token, { address: '3 Adeola Odeku', default: true });
    expect(third.default).toBe(true);

    const made = await call(
      'PATCH',
      urlOf(shippingAddressEndpoints.makeDefault, { params: { id: second.id } }),
      customer.token,
      {
        default: true,
      },
    );
    expect(made.statusCode).toBe(200);
    expect(json(made).data).toMatchObject({ id: second.id, default: true });
    const rows = (await list(customer.token)).rows;
    expect(rows.filter((row) => row.default).map((row) => row.id)).toEqual([second.id]);
    expect(rows[0]!.id).toBe(second.id);

    const viaUpdate = await call(
      'PATCH',
      urlOf(shippingAddressEndpoints.update, { params: { id: first.id } }),
      customer.token,
      {
        default: true,
      },
    );
    expect(json(viaUpdate).data.default).toBe(true);
    expect((await list(customer.token)).rows.filter((row) => row.default).map((row) => row.id)).toEqual([
      first.id,
    ]);

    const withoutFlag = await call(
      'PATCH',
      urlOf(shippingAddressEndpoints.makeDefault, { params: { id: second.id } }),
      customer.token,
      {
        default: false,
      },
    );
    expect(withoutFlag.statusCode).toBe(422);
  });

  it('promotes the newest remaining address when the default is deleted', async () => {
    const customer = await newCustomer();
    const first = await add(customer.token);
    const second = await add(customer.token, { address: '2 Awolowo Road' });
    const third = await add(customer.token, { address: '3 Adeola Odeku' });
    const removed = await call(
      'DELETE',
      urlOf(shippingAddressEndpoints.remove, { params: { id: first.id } }),
      customer.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(json(removed).message).toBe('Shipping address deleted successfully');
    let rows = (await list(customer.token)).rows;
    expect(rows.map((row) => row.id).sort()).toEqual([second.id, third.id].sort());
    expect(rows.find((row) => row.default)?.id).toBe(third.id);

    // Deleting an address that is not the default leaves the default alone.
    await call(
      'DELETE',
      urlOf(shippingAddressEndpoints.remove, { params: { id: second.id } }),
      customer.token,
    );
    rows = (await list(customer.token)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: third.id, default: true });
    await call(
      'DELETE',
      urlOf(shippingAddressEndpoints.remove, { params: { id: third.id } }),
      customer.token,
    );
    expect(await list(customer.token)).toEqual({ rows: [], count: 0 });
    expect(
      (
        await call(
          'DELETE',
          urlOf(shippingAddressEndpoints.remove, { params: { id: third.id } }),
          customer.token,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('keeps at most 20 addresses', async () => {
    const customer = await newCustomer();
    for (let n = 0; n < 20; n++) await add(customer.token, { address: `${n + 1} Broad Street` });
    const over = await call('POST', urlOf(shippingAddressEndpoints.add), customer.token, body());
    expect(over.statusCode).toBe(409);
    expect(json(over).message).toMatch(/at most 20/);
  });

  it("answers 404 for another customer's address on every call", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const address = await add(owner.token);
    expect(
      (
        await call(
          'PATCH',
          urlOf(shippingAddressEndpoints.update, { params: { id: address.id } }),
          other.token,
          {
            fullName: 'X Y',
          },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'PATCH',
          urlOf(shippingAddressEndpoints.makeDefault, { params: { id: address.id } }),
          other.token,
          {
            default: true,
          },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          urlOf(shippingAddressEndpoints.remove, { params: { id: address.id } }),
          other.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await list(other.token)).count).toBe(0);
    expect((await list(owner.token)).rows[0]).toMatchObject({
      id: address.id,
      fullName: 'Chioma Eze',
      default: true,
    });
  });

  it('lets only customers in (403 for merchants, admins and partners; 401 signed out)', async () => {
    const merchant = await createConfirmedAccount(test, 'merchant');
    const merchantToken = (await login(test, 'merchant', merchant.email)).accessToken;
    const admin = await createAdmin(test, 'admin');
    const partner = await createPartner(test);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [Method, string, unknown?][] = [
      ['GET', urlOf(shippingAddressEndpoints.list)],
      ['POST', urlOf(shippingAddressEndpoints.add), body()],
      ['PATCH', urlOf(shippingAddressEndpoints.update, { params: { id } }), { fullName: 'A B' }],
      ['DELETE', urlOf(shippingAddressEndpoints.remove, { params: { id } })],
      ['PATCH', urlOf(shippingAddressEndpoints.makeDefault, { params: { id } }), { default: true }],
    ];
    for (const [method, url, payload] of calls) {
      for (const token of [merchantToken, admin.accessToken, partner.accessToken]) {
        expect((await call(method, url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
  });

  it('exports look-ups for checkout', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    expect(await defaultAddress(test.deps.db, customer.id)).toBeUndefined();
    const first = await add(customer.token);
    const second = await add(customer.token, { address: '2 Awolowo Road' });
    expect((await defaultAddress(test.deps.db, customer.id))?.id).toBe(first.id);
    expect((await findCustomerAddress(test.deps.db, customer.id, second.id))?.address).toBe('2 Awolowo Road');
    expect(await findCustomerAddress(test.deps.db, other.id, second.id)).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('default address under concurrency (PostgreSQL)', () => {
  it('leaves exactly one default after many make-default calls at once', async () => {
    const customer = await newCustomer();
    const ids: string[] = [];
    for (let n = 0; n < 8; n++) ids.push((await add(customer.token, { address: `${n + 1} Marina` })).id);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [...ids, ...ids].map((id) =>
          call('PATCH', urlOf(shippingAddressEndpoints.makeDefault, { params: { id } }), customer.token, {
            default: true,
          }),
        ),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      const rows = (await list(customer.token)).rows;
      expect(rows.filter((row) => row.default)).toHaveLength(1);
    }
  });

  it('never lets concurrent adds pass 20 or make two defaults', async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        call(
          'POST',
          urlOf(shippingAddressEndpoints.add),
          customer.token,
          body({ address: `${n + 1} Marina`, default: n % 2 === 0 }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    const listed = await list(customer.token);
    expect(listed.count).toBe(20);
    expect(listed.rows.filter((row) => row.default)).toHaveLength(1);
  });
});
