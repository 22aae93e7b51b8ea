import { randomUUID } from 'node:crypto';
import {
  allEndpoints,
  type Endpoint,
  requiredPermissions,
  type StorePermission,
  staffEndpoints,
  storePermissions,
  surfaceBases,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { callAs, createCustomRole, inviteStaff, type TestStaff } from '../support/staff-factory.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// The permission matrix of issue 9: every contract endpoint a store member reaches through a store permission,
// called by a staff member whose custom role lacks that permission (403) and then holds only it (not 403). The
// owner changes the role between calls, which also proves a role change applies at the member's next call.

let test: TestApp;
let owner: TestMerchant;
let staff: TestStaff;
let roleId: string;

const storeEndpoints = allEndpoints().filter(
  (endpoint) =>
    endpoint.access.kind === 'signed-in' &&
    endpoint.access.accounts.includes('merchant') &&
    requiredPermissions(endpoint.access).some((permission) =>
      (storePermissions as readonly string[]).includes(permission),
    ),
);

const storePermissionOf = (endpoint: Endpoint): StorePermission =>
  requiredPermissions(endpoint.access).find((permission) =>
    (storePermissions as readonly string[]).includes(permission),
  ) as StorePermission;

/** The endpoint's URL with a fresh id in every path parameter: the guard answers before anything is looked up. */
const urlWithFreshIds = (endpoint: Endpoint) =>
  `${surfaceBases[endpoint.surface]}${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, () => randomUUID())}`;

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 1, customers: 0 });
  ({ test } = market);
  [owner] = market.merchants;
  roleId = await createCustomRole(test, owner, [], 'Matrix');
  staff = await inviteStaff(test, owner, roleId);
});
afterAll(() => test.close());

async function giveRole(permissions: readonly string[]) {
  const changed = await callAs(
    test,
    owner.token,
    'PATCH',
    urlOf(staffEndpoints.editRole, { params: { id: roleId } }),
    { permissions },
  );
  expect(changed.statusCode, changed.body).toBe(200);
}

describe('the permission matrix: every store endpoint × a staff role without / with its permission', () => {
  it('covers the store endpoints of every merchant area', () => {
    const covered = new Set(storeEndpoints.map(storePermissionOf));
    // Every store permission guards at least one endpoint, so the matrix below tries each of them.
    const withoutEndpoints = storePermissions.filter((permission) => !covered.has(permission));
    expect(withoutEndpoints).toEqual([]);
    expect(storeEndpoints.length).toBeGreaterThan(30);
  });

  for (const permission of storePermissions) {
    const endpoints = storeEndpoints.filter((endpoint) => storePermissionOf(endpoint) === permission);
    if (endpoints.length === 0) continue;
    it(`${permission}: ${endpoints.length} endpoint(s) refuse a role without it and admit a role with it`, async () => {
      await giveRole(storePermissions.filter((other) => other !== permission));
      for (const endpoint of endpoints) {
        const refused = await callAs(test, staff.token, endpoint.method, urlWithFreshIds(endpoint));
        expect(refused.statusCode, `${endpoint.method} ${endpoint.path} without ${permission}`).toBe(403);
        expect(json(refused).message).toBe(`Your role (Matrix) does not have the ${permission} permission`);
      }
      await giveRole([permission]);
      for (const endpoint of endpoints) {
        const admitted = await callAs(test, staff.token, endpoint.method, urlWithFreshIds(endpoint));
        expect(admitted.statusCode, `${endpoint.method} ${endpoint.path} with ${permission}`).not.toBe(403);
        expect(admitted.statusCode, `${endpoint.method} ${endpoint.path}: ${admitted.body}`).toBeLessThan(
          500,
        );
        // A read that needs no id and no query answers 2xx outright.
        if (endpoint.method === 'GET' && !endpoint.path.includes(':') && !endpoint.upload) {
          if (!endpoint.query || endpoint.query.safeParse({}).success)
            expect(admitted.statusCode, `${endpoint.path}: ${admitted.body}`).toBe(200);
        }
      }
    });
  }
});
