import {
  authEndpoints,
  couponMerchantEndpoints,
  merchantDashboardEndpoints,
  merchantRolePermissions,
  productEndpoints,
  staffEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApprovedProduct,
  createMerchantWithStore,
  type TestMerchant,
} from '../support/catalog-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { callAs, createCustomRole, inviteStaff } from '../support/staff-factory.js';
import {
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  nextIp,
  PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.js';
import { world } from '../support/world.js';

let test: TestApp;
let owner: TestMerchant;
let productId: string;
beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 1, customers: 0 });
  ({ test } = market);
  [owner] = market.merchants;
  productId = (await createApprovedProduct(test, owner, market.admin)).id;
});
afterAll(() => test.close());

const outbox = async (email: string) =>
  json(await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: email, limit: 1 } }))).data[0];

describe('inviting a staff member', () => {
  it('creates the account, mails a set-password link naming the store; the member signs in with the role', async () => {
    const email = uniqueEmail('invitee');
    const created = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.create), {
      firstName: 'Ngozi',
      lastName: 'Eze',
      email,
      phoneNumber: '0803 555 0101',
      role: 'inventory',
    });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({
      message: 'Store staff successfully created',
      data: {
        email,
        role: 'inventory',
        roleRef: 'inventory',
        isOwner: false,
        isActive: true,
        passwordSet: false,
        phoneNumber: '+2348035550101',
        permissions: [...merchantRolePermissions.inventory],
      },
    });
    const mail = await outbox(email);
    expect(mail.subject).toContain('set your password');
    expect(mail.text ?? JSON.stringify(mail)).toContain(owner.storeName);
    expect(mail.links[0]).toMatch(/\/merchant\/reset-password\/[A-Za-z0-9_-]+$/);

    // No password yet: signing in fails like any wrong password.
    const early = await callAs(test, undefined, 'POST', urlOf(authEndpoints.merchant.login), {
      email,
      password: PASSWORD,
    });
    expect(early.statusCode).toBe(401);

    const staff = await inviteStaff(test, owner, 'inventory');
    const permissions = json(await callAs(test, staff.token, 'GET', urlOf(authEndpoints.permissions))).data;
    expect(permissions).toEqual({
      permissions: ['products:read', 'products:write'],
      role: 'inventory',
      storeId: owner.storeId,
    });
    const stock = await callAs(test, staff.token, 'PATCH', urlOf(productEndpoints.updateInventory), {
      productId,
      quantity: 21,
    });
    expect(stock.statusCode).toBe(200);
    expect((await callAs(test, staff.token, 'GET', urlOf(staffEndpoints.list))).statusCode).toBe(403);
    expect((await callAs(test, staff.token, 'GET', urlOf(merchantDashboardEndpoints.get))).statusCode).toBe(
      403,
    );

    const list = json(await callAs(test, owner.token, 'GET', urlOf(staffEndpoints.list))).data.staff;
    expect(list[0]).toMatchObject({ isOwner: true, role: 'owner' });
    expect(list.find((member: { email: string }) => member.email === staff.email)).toMatchObject({
      passwordSet: true,
      role: 'inventory',
    });
  });

  it('answers 422 with the first validation message, 409 for a known email, and refuses the owner role', async () => {
    const bad = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.create), {
      firstName: '',
      lastName: 'Eze',
      email: 'not-an-email',
      phoneNumber: '0803',
      role: 'inventory',
    });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe(json(bad).details![0]!.message);

    const ownerRole = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.create), {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail('x'),
      phoneNumber: '08031112222',
      role: 'owner',
    });
    expect(ownerRole.statusCode).toBe(422);
    expect(json(ownerRole).details![0]!.path).toBe('role');

    const taken = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.create), {
      firstName: 'A',
      lastName: 'B',
      email: owner.email,
      phoneNumber: '08031112222',
      role: 'sales',
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('An account with this email already exists');
  });
});

describe('changing, deactivating and removing staff', () => {
  it('a new role applies at the next call', async () => {
    const staff = await inviteStaff(test, owner, 'inventory');
    expect((await callAs(test, staff.token, 'GET', urlOf(couponMerchantEndpoints.list))).statusCode).toBe(
      403,
    );
    const changed = await callAs(
      test,
      owner.token,
      'PATCH',
      urlOf(staffEndpoints.edit, { params: { id: staff.id } }),
      {
        role: 'sales',
      },
    );
    expect(json(changed).data).toMatchObject({ role: 'sales' });
    expect((await callAs(test, staff.token, 'GET', urlOf(couponMerchantEndpoints.list))).statusCode).toBe(
      200,
    );
  });

  it('deactivating ends every session at once; reactivating lets them sign in again', async () => {
    const staff = await inviteStaff(test, owner, 'inventory');
    const second = await login(test, 'merchant', staff.email);
    expect((await callAs(test, staff.token, 'GET', urlOf(productEndpoints.mine))).statusCode).toBe(200);

    const off = await callAs(
      test,
      owner.token,
      'POST',
      urlOf(staffEndpoints.deactivate, { params: { id: staff.id } }),
    );
    expect(json(off).data).toMatchObject({ isActive: false });
    for (const token of [staff.token, second.accessToken]) {
      const next = await callAs(test, token, 'GET', urlOf(productEndpoints.mine));
      expect(next.statusCode).toBe(401);
      expect((await callAs(test, token, 'GET', urlOf(authEndpoints.permissions))).statusCode).toBe(401);
    }
    const refresh = await callAs(test, undefined, 'POST', urlOf(authEndpoints.merchant.refresh), {
      refresh_token: staff.refreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    const again = await callAs(test, undefined, 'POST', urlOf(authEndpoints.merchant.login), {
      email: staff.email,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(403);
    expect(json(again).message).toBe('This account has been deactivated. Please contact support.');

    await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.activate, { params: { id: staff.id } }));
    const back = await login(test, 'merchant', staff.email);
    expect((await callAs(test, back.accessToken, 'GET', urlOf(productEndpoints.mine))).statusCode).toBe(200);
  });

  it('removing a member closes the account; the email can be invited again', async () => {
    const staff = await inviteStaff(test, owner, 'finance');
    const removed = await callAs(
      test,
      owner.token,
      'DELETE',
      urlOf(staffEndpoints.remove, { params: { id: staff.id } }),
    );
    expect(removed.statusCode).toBe(200);
    expect((await callAs(test, staff.token, 'GET', urlOf(authEndpoints.permissions))).statusCode).toBe(401);
    expect(
      (await callAs(test, owner.token, 'GET', urlOf(staffEndpoints.get, { params: { id: staff.id } })))
        .statusCode,
    ).toBe(404);
    const reinvited = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.create), {
      firstName: 'Back',
      lastName: 'Again',
      email: staff.email,
      phoneNumber: '08031112222',
      role: 'finance',
    });
    expect(reinvited.statusCode).toBe(201);
  });

  it('nobody changes the owner or their own membership, nor hands out permissions they lack', async () => {
    for (const [method, suffix, body] of [
      ['POST', '/deactivate', undefined],
      ['DELETE', '', undefined],
      ['PATCH', '', { role: 'sales' }],
    ] as const) {
      const response = await callAs(
        test,
        owner.token,
        method,
        `/api/merchant/staff/${owner.id}${suffix}`,
        body,
      );
      expect(response.statusCode, `${method} ${suffix}`).toBe(409);
    }
    // A custom role that manages staff but holds nothing else cannot grant the inventory role or make a richer role.
    const hr = await createCustomRole(test, owner, ['staff:read', 'staff:manage'], 'People');
    const manager = await inviteStaff(test, owner, hr);
    const grant = await callAs(test, manager.token, 'POST', urlOf(staffEndpoints.create), {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail('y'),
      phoneNumber: '08031112222',
      role: 'inventory',
    });
    expect(grant.statusCode).toBe(403);
    expect(json(grant).message).toBe(
      'You cannot give permissions you do not hold: products:read, products:write',
    );
    const richer = await callAs(test, manager.token, 'POST', urlOf(staffEndpoints.createRole), {
      name: 'Sneaky',
      permissions: ['payouts:read'],
    });
    expect(richer.statusCode).toBe(403);
    const self = await callAs(
      test,
      manager.token,
      'POST',
      urlOf(staffEndpoints.deactivate, { params: { id: manager.id } }),
    );
    expect(self.statusCode).toBe(409);
  });
});

describe('a staff manager changes only what they hold themselves (issue 24)', () => {
  it('cannot weaken, deactivate or remove a richer member, nor edit or delete a richer role', async () => {
    const people = await createCustomRole(test, owner, ['staff:read', 'staff:manage'], 'People 24');
    const manager = await inviteStaff(test, owner, people);
    const stockRole = await createCustomRole(test, owner, ['products:read', 'products:write'], 'Stock 24');
    const stockKeeper = await inviteStaff(test, owner, stockRole);
    const inventory = await inviteStaff(test, owner, 'inventory');
    const message =
      'You cannot change a member who holds permissions you do not: products:read, products:write';
    for (const member of [stockKeeper, inventory]) {
      for (const [method, suffix, body] of [
        ['PATCH', '', { role: people }],
        ['PATCH', '', { firstName: 'Renamed' }],
        ['POST', '/deactivate', undefined],
        ['DELETE', '', undefined],
      ] as const) {
        const refused = await callAs(
          test,
          manager.token,
          method,
          `/api/merchant/staff/${member.id}${suffix}`,
          body,
        );
        expect(refused.statusCode, `${method} ${suffix}`).toBe(403);
        expect(
          json(refused).message.startsWith('You cannot change a member who holds permissions you do not'),
        ).toBe(true);
      }
    }
    expect(
      json(
        await callAs(
          test,
          manager.token,
          'POST',
          urlOf(staffEndpoints.deactivate, { params: { id: stockKeeper.id } }),
        ),
      ).message,
    ).toBe(message);
    // Nothing changed.
    const kept = json(
      await callAs(test, owner.token, 'GET', urlOf(staffEndpoints.get, { params: { id: stockKeeper.id } })),
    ).data;
    expect(kept).toMatchObject({
      isActive: true,
      roleRef: stockRole,
      firstName: expect.not.stringMatching('Renamed'),
    });

    for (const [method, body] of [
      ['PATCH', { permissions: [] }],
      ['PATCH', { name: 'Renamed 24' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await callAs(test, manager.token, method, `/api/merchant/roles/${stockRole}`, body);
      expect(refused.statusCode, method).toBe(403);
      expect(json(refused).message).toBe(
        'You cannot change a role that holds permissions you do not: products:read, products:write',
      );
    }
    const role = json(await callAs(test, owner.token, 'GET', urlOf(staffEndpoints.roles))).data.custom.find(
      (entry: { id: string }) => entry.id === stockRole,
    );
    expect(role).toMatchObject({ name: 'Stock 24', permissions: ['products:read', 'products:write'] });

    // Within what they hold, they still manage: a member and a role with no more than theirs.
    const readers = await createCustomRole(test, owner, ['staff:read'], 'Readers 24');
    const reader = await inviteStaff(test, owner, readers);
    expect(
      (
        await callAs(
          test,
          manager.token,
          'POST',
          urlOf(staffEndpoints.deactivate, { params: { id: reader.id } }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await callAs(
          test,
          manager.token,
          'PATCH',
          urlOf(staffEndpoints.editRole, { params: { id: readers } }),
          { name: 'Readers 24b' },
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('custom roles', () => {
  it('are created, listed with built-ins and resources, edited, and deleted only when nobody holds them', async () => {
    const roleId = await createCustomRole(test, owner, ['coupons:read', 'reports:read'], 'Marketing');
    const duplicate = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.createRole), {
      name: 'marketing',
      permissions: [],
    });
    expect(duplicate.statusCode).toBe(409);
    const builtInName = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.createRole), {
      name: 'Manager',
      permissions: [],
    });
    expect(builtInName.statusCode).toBe(422);
    const unknown = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.createRole), {
      name: 'Odd',
      permissions: ['admins:manage'],
    });
    expect(unknown.statusCode).toBe(422);

    const staff = await inviteStaff(test, owner, roleId);
    expect(json(await callAs(test, staff.token, 'GET', urlOf(authEndpoints.permissions))).data).toMatchObject(
      {
        role: 'Marketing',
        permissions: ['coupons:read', 'reports:read'],
      },
    );
    expect((await callAs(test, staff.token, 'GET', urlOf(merchantDashboardEndpoints.get))).statusCode).toBe(
      200,
    );

    const roles = json(await callAs(test, owner.token, 'GET', urlOf(staffEndpoints.roles))).data;
    expect(roles.builtIn.map((role: { name: string }) => role.name)).toEqual([
      'owner',
      'manager',
      'inventory',
      'sales',
      'finance',
    ]);
    expect(roles.custom.find((role: { id: string }) => role.id === roleId)).toMatchObject({ memberCount: 1 });
    expect(roles.resources.map((resource: { key: string }) => resource.key)).toContain('payouts');

    const blocked = await callAs(
      test,
      owner.token,
      'DELETE',
      urlOf(staffEndpoints.removeRole, { params: { id: roleId } }),
    );
    expect(blocked.statusCode).toBe(409);
    await callAs(test, owner.token, 'PATCH', urlOf(staffEndpoints.editRole, { params: { id: roleId } }), {
      permissions: ['coupons:read'],
    });
    expect((await callAs(test, staff.token, 'GET', urlOf(merchantDashboardEndpoints.get))).statusCode).toBe(
      403,
    );
    await callAs(test, owner.token, 'PATCH', urlOf(staffEndpoints.edit, { params: { id: staff.id } }), {
      role: 'sales',
    });
    expect(
      (
        await callAs(
          test,
          owner.token,
          'DELETE',
          urlOf(staffEndpoints.removeRole, { params: { id: roleId } }),
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('other stores and other accounts', () => {
  it("a member of store B gets 404 on store A's staff, roles and products", async () => {
    const staffOfA = await inviteStaff(test, owner, 'sales');
    const roleOfA = await createCustomRole(test, owner, ['orders:read']);
    const other = await createMerchantWithStore(test);
    const managerOfB = await inviteStaff(test, other, 'manager');
    const ownerOfB = other.token;
    for (const token of [ownerOfB, managerOfB.token]) {
      expect(
        (await callAs(test, token, 'GET', urlOf(productEndpoints.mineOne, { params: { id: productId } })))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await callAs(test, token, 'PATCH', urlOf(productEndpoints.updateInventory), {
            productId,
            quantity: 1,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await callAs(test, token, 'GET', urlOf(staffEndpoints.get, { params: { id: staffOfA.id } })))
          .statusCode,
      ).toBe(404);
      const list = json(await callAs(test, token, 'GET', urlOf(staffEndpoints.list))).data.staff;
      expect(list.map((member: { id: string }) => member.id)).not.toContain(staffOfA.id);
    }
    for (const [method, url, body] of [
      ['POST', urlOf(staffEndpoints.deactivate, { params: { id: staffOfA.id } }), undefined],
      ['PATCH', urlOf(staffEndpoints.edit, { params: { id: staffOfA.id } }), { role: 'finance' }],
      ['DELETE', urlOf(staffEndpoints.remove, { params: { id: staffOfA.id } }), undefined],
      ['PATCH', urlOf(staffEndpoints.editRole, { params: { id: roleOfA } }), { permissions: [] }],
      ['DELETE', urlOf(staffEndpoints.removeRole, { params: { id: roleOfA } }), undefined],
    ] as const) {
      expect((await callAs(test, ownerOfB, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Store B cannot give its staff store A's custom role either.
    const foreignRole = await callAs(
      test,
      ownerOfB,
      'PATCH',
      urlOf(staffEndpoints.edit, { params: { id: managerOfB.id } }),
      {
        role: roleOfA,
      },
    );
    expect(foreignRole.statusCode).toBe(422);
    // Store A's member is untouched.
    expect(
      json(await callAs(test, owner.token, 'GET', urlOf(staffEndpoints.get, { params: { id: staffOfA.id } })))
        .data,
    ).toMatchObject({
      isActive: true,
      role: 'sales',
    });
  });

  it('customer, partner and admin tokens get 403 and anonymous callers 401 on every staff endpoint', async () => {
    const customer = await login(test, 'customer', (await createConfirmedAccount(test, 'customer')).email);
    const partner = await createPartner(test);
    const superadmin = await createAdmin(test, 'superadmin');
    const calls = [
      ['GET', urlOf(staffEndpoints.list)],
      ['POST', urlOf(staffEndpoints.create)],
      ['GET', urlOf(staffEndpoints.get, { params: { id: owner.id } })],
      ['PATCH', urlOf(staffEndpoints.edit, { params: { id: owner.id } })],
      ['POST', urlOf(staffEndpoints.deactivate, { params: { id: owner.id } })],
      ['POST', urlOf(staffEndpoints.activate, { params: { id: owner.id } })],
      ['DELETE', urlOf(staffEndpoints.remove, { params: { id: owner.id } })],
      ['GET', urlOf(staffEndpoints.roles)],
      ['POST', urlOf(staffEndpoints.createRole)],
      ['PATCH', urlOf(staffEndpoints.editRole, { params: { id: owner.id } })],
      ['DELETE', urlOf(staffEndpoints.removeRole, { params: { id: owner.id } })],
    ] as const;
    for (const [kind, token] of [
      ['customer', customer.accessToken],
      ['partner', partner.accessToken],
      ['admin', superadmin.accessToken],
    ] as const) {
      for (const [method, url] of calls) {
        const response = await callAs(test, token, method, url, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${kind} ${method} ${url}`).toBe(403);
        expect(json(response).message).toBe(`This account type (${kind}) cannot use this endpoint`);
      }
    }
    for (const [method, url] of calls) {
      const response = await test.app.inject({ method, url, remoteAddress: nextIp() });
      expect(response.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
  });
});
