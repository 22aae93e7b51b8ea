import {
  adminRoleEndpoints,
  adminRolePermissions,
  authEndpoints,
  storeAdminEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantWithStore } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { callAs } from '../support/staff-factory.js';
import {
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';

// The super admin manages admin roles and resources the same way a store owner manages store roles (issue 9).

let test: TestApp;
let superadmin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  test = await createTestApp();
  superadmin = await createAdmin(test, 'superadmin');
});
afterAll(() => test.close());

describe('custom admin roles', () => {
  it('list the built-in roles and resources; a custom role replaces an admin’s permissions from the next call', async () => {
    const listed = json(
      await callAs(test, superadmin.accessToken, 'GET', urlOf(adminRoleEndpoints.list)),
    ).data;
    expect(listed.builtIn.map((role: { name: string }) => role.name)).toEqual([
      'admin',
      'superadmin',
      'dispatcher',
      'scheduler',
    ]);
    expect(listed.resources.map((resource: { key: string }) => resource.key)).toContain('approvals');

    const created = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.create), {
      name: 'Store reviewer',
      permissions: ['approvals:stores'],
    });
    expect(created.statusCode).toBe(201);
    const roleId = json(created).data.id as string;

    const dispatcher = await createAdmin(test, 'dispatcher');
    expect(
      (await callAs(test, dispatcher.accessToken, 'GET', urlOf(authEndpoints.permissions))).statusCode,
    ).toBe(200);
    const assigned = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.assign), {
      adminId: dispatcher.id,
      roleId,
    });
    expect(assigned.statusCode).toBe(200);
    const permissions = json(
      await callAs(test, dispatcher.accessToken, 'GET', urlOf(authEndpoints.permissions)),
    ).data;
    expect(permissions.permissions).toEqual(['approvals:stores']);

    // Back to the built-in role, then the role can go.
    expect(
      (
        await callAs(
          test,
          superadmin.accessToken,
          'DELETE',
          urlOf(adminRoleEndpoints.remove, { params: { id: roleId } }),
        )
      ).statusCode,
    ).toBe(409);
    await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.assign), {
      adminId: dispatcher.id,
      roleId: null,
    });
    const restored = json(
      await callAs(test, dispatcher.accessToken, 'GET', urlOf(authEndpoints.permissions)),
    ).data;
    expect(restored.permissions).toEqual([...adminRolePermissions.dispatcher]);
    expect(
      (
        await callAs(
          test,
          superadmin.accessToken,
          'DELETE',
          urlOf(adminRoleEndpoints.remove, { params: { id: roleId } }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('the guard enforces a custom admin role on admin endpoints', async () => {
    const admin = await createAdmin(test, 'admin');
    const created = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.create), {
      name: 'Gift desk',
      permissions: ['gift-cards:read'],
    });
    const roleId = json(created).data.id as string;
    const dispatch = await callAs(test, admin.accessToken, 'GET', urlOf(storeAdminEndpoints.list));
    const before = dispatch.statusCode;
    await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.assign), {
      adminId: admin.id,
      roleId,
    });
    const after = await callAs(test, admin.accessToken, 'GET', urlOf(authEndpoints.permissions));
    expect(json(after).data.permissions).toEqual(['gift-cards:read']);
    // Whatever the store approval list answered before, it now refuses for the missing permission.
    expect(before).not.toBe(403);
    const refused = await callAs(test, admin.accessToken, 'GET', urlOf(storeAdminEndpoints.list));
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Your role (admin) does not have the approvals:stores permission');
  });

  it('never holds admins:manage, never takes the super admin’s role, refuses built-in and duplicate names', async () => {
    const manage = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.create), {
      name: 'Boss',
      permissions: ['admins:manage'],
    });
    expect(manage.statusCode).toBe(422);
    const builtIn = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.create), {
      name: 'Dispatcher',
      permissions: [],
    });
    expect(builtIn.statusCode).toBe(422);
    const first = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.create), {
      name: 'Finance desk',
      permissions: ['finance:read'],
    });
    const duplicate = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.create), {
      name: 'finance DESK',
      permissions: [],
    });
    expect(duplicate.statusCode).toBe(409);
    const onSuper = await callAs(test, superadmin.accessToken, 'POST', urlOf(adminRoleEndpoints.assign), {
      adminId: superadmin.id,
      roleId: json(first).data.id,
    });
    expect(onSuper.statusCode).toBe(409);
  });

  it('only the super admin manages roles: other admins, merchants, customers, partners, anonymous refused', async () => {
    const admin = await createAdmin(test, 'admin');
    const merchant = await createMerchantWithStore(test);
    const customer = await login(test, 'customer', (await createConfirmedAccount(test, 'customer')).email);
    const partner = await createPartner(test);
    for (const [method, url] of [
      ['GET', urlOf(adminRoleEndpoints.list)],
      ['POST', urlOf(adminRoleEndpoints.create)],
      ['PATCH', urlOf(adminRoleEndpoints.edit, { params: { id: admin.id } })],
      ['DELETE', urlOf(adminRoleEndpoints.remove, { params: { id: admin.id } })],
      ['POST', urlOf(adminRoleEndpoints.assign)],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await callAs(test, admin.accessToken, method, url, body)).statusCode).toBe(403);
      for (const token of [merchant.token, customer.accessToken, partner.accessToken]) {
        expect((await callAs(test, token, method, url, body)).statusCode).toBe(403);
      }
      expect((await test.app.inject({ method, url, remoteAddress: nextIp() })).statusCode).toBe(401);
    }
  });
});
