import { adminManagementEndpoints, adminRoleEndpoints, authEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  latestLink,
  login,
  nextIp,
  type TestApp,
  tokenFromLink,
  uniqueEmail,
} from '../support/test-app.js';

let test: TestApp;
let superadmin: { id: string; email: string; accessToken: string };
beforeAll(async () => {
  test = await createTestApp();
  superadmin = await createAdmin(test, 'superadmin');
});
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: bearer(token),
    payload: payload as object,
    remoteAddress: nextIp(),
  });

async function createViaApi(role: 'admin' | 'superadmin' | 'dispatcher' | 'scheduler') {
  const email = uniqueEmail(role);
  const response = await call('POST', urlOf(adminManagementEndpoints.create), superadmin.accessToken, {
    firstName: 'Kemi',
    lastName: 'Alabi',
    email,
    role,
  });
  expect(response.statusCode).toBe(201);
  return { ...json(response).data, email } as {
    id: string;
    email: string;
    accountType: string;
    passwordSet: boolean;
  };
}

describe('admin management by the super admin', () => {
  it('creates a dispatcher who sets a password from the mail and signs in as a dispatcher', async () => {
    const created = await createViaApi('dispatcher');
    expect(created).toMatchObject({ accountType: 'dispatcher', isActive: true, passwordSet: false });
    const link = await latestLink(test, created.email);
    expect(link).toContain('/admin/reset-password/');
    const set = await test.app.inject({
      ...requestOf(authEndpoints.admin.resetPassword, { params: { token: tokenFromLink(link) } }),
      payload: { password: 'Dispatch-Pass1' },
    });
    expect(set.statusCode).toBe(200);
    const session = await login(test, 'admin', created.email, 'Dispatch-Pass1');
    expect(session.user.accountType).toBe('dispatcher');
    const permissions = json(await call('GET', urlOf(authEndpoints.permissions), session.accessToken)).data
      .permissions;
    // The queue they assign from and the orders they carry, not every order (issue 24).
    expect(permissions).toEqual(['orders:assign', 'orders:carry']);
  });

  it('gives a new admin a custom role at creation, whose permissions they have from the first sign-in', async () => {
    const role = await call('POST', urlOf(adminRoleEndpoints.create), superadmin.accessToken, {
      name: `Payout viewers ${nextIp()}`,
      permissions: ['finance:read'],
    });
    expect(role.statusCode).toBe(201);
    const roleId = json(role).data.id as string;
    const email = uniqueEmail('viewer');
    const body = { firstName: 'Tolu', lastName: 'Ade', email, role: 'admin', customRoleId: roleId };
    const created = await call('POST', urlOf(adminManagementEndpoints.create), superadmin.accessToken, body);
    expect(created.statusCode).toBe(201);
    const roles = json(await call('GET', urlOf(adminRoleEndpoints.list), superadmin.accessToken)).data;
    expect(roles.assignments).toContainEqual({ adminId: json(created).data.id, roleId });
    const link = await latestLink(test, email);
    await test.app.inject({
      ...requestOf(authEndpoints.admin.resetPassword, { params: { token: tokenFromLink(link) } }),
      payload: { password: 'Viewer-Pass1' },
    });
    const session = await login(test, 'admin', email, 'Viewer-Pass1');
    const permissions = json(await call('GET', urlOf(authEndpoints.permissions), session.accessToken)).data;
    expect(permissions.permissions).toEqual(['finance:read']);

    // A role that does not exist, or a custom role for a super admin, creates nobody.
    const missing = await call('POST', urlOf(adminManagementEndpoints.create), superadmin.accessToken, {
      ...body,
      email: uniqueEmail('nobody'),
      customRoleId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).details).toContainEqual({
      path: 'customRoleId',
      message: 'This custom role does not exist',
    });
    const superWithRole = await call('POST', urlOf(adminManagementEndpoints.create), superadmin.accessToken, {
      ...body,
      email: uniqueEmail('super'),
      role: 'superadmin',
    });
    expect(superWithRole.statusCode).toBe(422);
    const listed = json(
      await call(
        'GET',
        urlOf(adminManagementEndpoints.list, { query: { search: 'nobody' } }),
        superadmin.accessToken,
      ),
    ).data;
    expect(listed.admins ?? listed).toEqual([]);
  });

  it('lists admins paged, with search and role filters', async () => {
    const a = await createViaApi('scheduler');
    await createViaApi('scheduler');
    const page = json(
      await call(
        'GET',
        urlOf(adminManagementEndpoints.list, { query: { page: 1, limit: 1, role: 'scheduler' } }),
        superadmin.accessToken,
      ),
    );
    expect(page.data.admins).toHaveLength(1);
    expect(page.data.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(page.data.pagination.totalItems).toBeGreaterThanOrEqual(2);
    const found = json(
      await call(
        'GET',
        urlOf(adminManagementEndpoints.list, { query: { search: a.email } }),
        superadmin.accessToken,
      ),
    );
    expect(found.data.admins.map((admin: { id: string }) => admin.id)).toEqual([a.id]);
    const bad = await call(
      'GET',
      urlOf(adminManagementEndpoints.list, { query: { limit: 1000 } }),
      superadmin.accessToken,
    );
    expect(bad.statusCode).toBe(422);
  });

  it('gets and edits one admin; a duplicate email is 409 and an unknown id 404', async () => {
    const admin = await createViaApi('admin');
    const got = json(
      await call(
        'GET',
        urlOf(adminManagementEndpoints.get, { params: { id: admin.id } }),
        superadmin.accessToken,
      ),
    );
    expect(got.data.email).toBe(admin.email);
    const edited = await call(
      'PATCH',
      urlOf(adminManagementEndpoints.edit, { params: { id: admin.id } }),
      superadmin.accessToken,
      {
        firstName: 'Kemisola',
        role: 'scheduler',
      },
    );
    expect(edited.statusCode).toBe(200);
    expect(json(edited).data).toMatchObject({ firstName: 'Kemisola', accountType: 'scheduler' });
    const clash = await call(
      'PATCH',
      urlOf(adminManagementEndpoints.edit, { params: { id: admin.id } }),
      superadmin.accessToken,
      {
        email: superadmin.email,
      },
    );
    expect(clash.statusCode).toBe(409);
    const missing = await call(
      'GET',
      urlOf(adminManagementEndpoints.get, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      superadmin.accessToken,
    );
    expect(missing.statusCode).toBe(404);
    const notUuid = await call(
      'GET',
      urlOf(adminManagementEndpoints.get, { params: { id: 'not-a-uuid' } }),
      superadmin.accessToken,
    );
    expect(notUuid.statusCode).toBe(422);
    const empty = await call(
      'PATCH',
      urlOf(adminManagementEndpoints.edit, { params: { id: admin.id } }),
      superadmin.accessToken,
      {},
    );
    expect(empty.statusCode).toBe(422);
  });

  it('a deactivated admin cannot sign in and their tokens stop working at once; activation restores sign-in', async () => {
    const target = await createAdmin(test, 'admin');
    const before = await call('GET', urlOf(authEndpoints.userData), target.accessToken);
    expect(before.statusCode).toBe(200);
    const off = await call('POST', urlOf(adminManagementEndpoints.deactivate), superadmin.accessToken, {
      id: target.id,
    });
    expect(off.statusCode).toBe(200);
    expect(json(off).data.isActive).toBe(false);
    expect((await call('GET', urlOf(authEndpoints.userData), target.accessToken)).statusCode).toBe(401);
    const signIn = await test.app.inject({
      ...requestOf(authEndpoints.admin.login),
      payload: { email: target.email, password: 'Sup3rSecret!' },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(403);
    expect(json(signIn).message).toMatch(/deactivated/);
    expect(
      (
        await call('POST', urlOf(adminManagementEndpoints.activate), superadmin.accessToken, {
          id: target.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(test, 'admin', target.email)).user.accountType).toBe('admin');
  });

  it('deletes an admin: their tokens die and the id is gone', async () => {
    const target = await createAdmin(test, 'scheduler');
    const deleted = await call(
      'DELETE',
      urlOf(adminManagementEndpoints.remove, { params: { id: target.id } }),
      superadmin.accessToken,
    );
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', urlOf(authEndpoints.userData), target.accessToken)).statusCode).toBe(401);
    expect(
      (
        await call(
          'GET',
          urlOf(adminManagementEndpoints.get, { params: { id: target.id } }),
          superadmin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          urlOf(adminManagementEndpoints.remove, { params: { id: target.id } }),
          superadmin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('never leaves the platform without an active super admin', async () => {
    const solo = await createTestApp();
    try {
      const only = await createAdmin(solo, 'superadmin');
      const self = (method: Method, url: string, payload?: unknown) =>
        solo.app.inject({ method, url, headers: bearer(only.accessToken), payload: payload as object });
      expect(
        (await self('POST', urlOf(adminManagementEndpoints.deactivate), { id: only.id })).statusCode,
      ).toBe(409);
      expect(
        (await self('DELETE', urlOf(adminManagementEndpoints.remove, { params: { id: only.id } })))
          .statusCode,
      ).toBe(409);
      expect(
        (
          await self('PATCH', urlOf(adminManagementEndpoints.edit, { params: { id: only.id } }), {
            role: 'admin',
          })
        ).statusCode,
      ).toBe(409);
      // With a second super admin, the first may step down.
      const second = await createAdmin(solo, 'superadmin');
      expect(
        (await self('POST', urlOf(adminManagementEndpoints.deactivate), { id: second.id })).statusCode,
      ).toBe(200);
      expect(
        (await self('POST', urlOf(adminManagementEndpoints.deactivate), { id: only.id })).statusCode,
      ).toBe(409);
    } finally {
      await solo.close();
    }
  });

  it('creates a shipping partner who sets a password from the mail', async () => {
    const email = uniqueEmail('partner');
    const response = await call(
      'POST',
      urlOf(adminManagementEndpoints.createPartner),
      superadmin.accessToken,
      {
        company: {
          companyName: 'Delta Couriers',
          rcNumber: 'RC55',
          officeAddress: '9 Airport Road, Warri',
          phoneNumber: '08061234567',
          email,
          contactPerson: 'Ese Omene',
          lineOfBusiness: 'Haulage',
        },
        bankDetails: { bankName: 'Zenith', accountName: 'Delta Couriers', accountNumber: '1234567890' },
        certification: { name: 'Ese Omene', designation: 'MD', signature: 'E. Omene', date: '2026-10-10' },
      },
    );
    expect(response.statusCode).toBe(201);
    expect(json(response).message).toBe('Partner has been added successfully');
    const link = await latestLink(test, email);
    expect(link).toContain('/shipping-partner/reset-password/');
    await test.app.inject({
      ...requestOf(authEndpoints.partner.resetPassword, { params: { token: tokenFromLink(link) } }),
      payload: { password: 'Partner-Pass1' },
    });
    expect((await login(test, 'partner', email, 'Partner-Pass1')).user.shippingCompany).toBe(
      'Delta Couriers',
    );
  });
});

describe('admin management refuses everyone but the super admin', () => {
  it.each(['admin', 'dispatcher', 'scheduler'] as const)('a %s gets 403 on every call', async (role) => {
    const actor = await createAdmin(test, role);
    const target = await createAdmin(test, 'scheduler');
    const calls: [Method, string, unknown?][] = [
      [
        'POST',
        urlOf(adminManagementEndpoints.create),
        { firstName: 'X', lastName: 'Y', email: uniqueEmail('x'), role: 'superadmin' },
      ],
      ['GET', urlOf(adminManagementEndpoints.list)],
      ['GET', urlOf(adminManagementEndpoints.get, { params: { id: target.id } })],
      ['PATCH', urlOf(adminManagementEndpoints.edit, { params: { id: target.id } }), { role: 'superadmin' }],
      ['POST', urlOf(adminManagementEndpoints.deactivate), { id: target.id }],
      ['POST', urlOf(adminManagementEndpoints.activate), { id: target.id }],
      ['DELETE', urlOf(adminManagementEndpoints.remove, { params: { id: target.id } })],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, actor.accessToken, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // Nothing changed.
    expect(
      json(
        await call(
          'GET',
          urlOf(adminManagementEndpoints.get, { params: { id: target.id } }),
          superadmin.accessToken,
        ),
      ).data,
    ).toMatchObject({
      accountType: 'scheduler',
      isActive: true,
    });
  });

  it('customers, merchants and shipping partners get 403; nobody signed in gets 401', async () => {
    const customer = await createConfirmedAccount(test, 'customer');
    const merchant = await createConfirmedAccount(test, 'merchant');
    const tokens = [
      (await login(test, 'customer', customer.email)).accessToken,
      (await login(test, 'merchant', merchant.email)).accessToken,
      (await createPartner(test)).accessToken,
    ];
    for (const token of tokens) {
      expect((await call('GET', urlOf(adminManagementEndpoints.list), token)).statusCode).toBe(403);
      expect(
        (
          await call('POST', urlOf(adminManagementEndpoints.create), token, {
            firstName: 'X',
            lastName: 'Y',
            email: uniqueEmail('x'),
            role: 'superadmin',
          })
        ).statusCode,
      ).toBe(403);
    }
    const anonymous = await test.app.inject(requestOf(adminManagementEndpoints.list));
    expect(anonymous.statusCode).toBe(401);
  });
});
