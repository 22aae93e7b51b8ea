import { authEndpoints, staffEndpoints } from '@market/contracts';
import { users } from '../../src/modules/auth/auth.schema.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import type { TestMerchant } from './catalog-factory.js';
import { requestOf, urlOf } from './contract-requests.js';
import {
  bearer,
  json,
  latestLink,
  login,
  nextIp,
  PASSWORD,
  passwordHashOfPASSWORD,
  type TestApp,
  tokenFromLink,
  uniqueEmail,
} from './test-app.js';

export interface TestStaff {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

/** Calls the API as `token` (a JSON body when given). */
export function callAs(
  test: TestApp,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload,
    remoteAddress: nextIp(),
  });
}

/**
 * A staff member as a person gets one: the owner invites them with a role (a built-in name or a custom role's id),
 * they set a password from the mailed link and sign in at the merchant sign-in.
 */
export async function inviteStaff(test: TestApp, owner: TestMerchant, role: string): Promise<TestStaff> {
  const email = uniqueEmail(`staff-${role.slice(0, 8)}`);
  const created = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.create), {
    firstName: 'Chidi',
    lastName: 'Okafor',
    email,
    phoneNumber: '08035551234',
    role,
  });
  if (created.statusCode !== 201) throw new Error(`invite failed: ${created.body}`);
  const link = await latestLink(test, email, '/reset-password/');
  const set = await test.app.inject({
    ...requestOf(authEndpoints.merchant.resetPassword, { params: { token: tokenFromLink(link) } }),
    payload: { password: PASSWORD },
  });
  if (set.statusCode !== 200) throw new Error(`set password failed: ${set.body}`);
  const session = await login(test, 'merchant', email);
  return {
    id: json(created).data.id,
    email,
    token: session.accessToken,
    refreshToken: session.refreshToken,
  };
}

/** A custom role of the owner's store. */
export async function createCustomRole(
  test: TestApp,
  owner: TestMerchant,
  permissions: string[],
  name = `Role ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  const created = await callAs(test, owner.token, 'POST', urlOf(staffEndpoints.createRole), {
    name,
    permissions,
  });
  if (created.statusCode !== 201) throw new Error(`role failed: ${created.body}`);
  return json(created).data.id;
}

/**
 * A merchant account with no store of its own, made a member of `storeId` with `role` directly (no invitation),
 * signed in: for tests of what a role may see rather than of how staff join.
 */
export async function addStoreMember(
  test: TestApp,
  storeId: string,
  role: string,
): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail(`staff-${role.slice(0, 8)}`);
  const [row] = await test.deps.db
    .insert(users)
    .values({
      kind: 'merchant',
      role,
      firstName: 'Staff',
      lastName: role,
      email,
      passwordHash: await passwordHashOfPASSWORD(),
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  await test.deps.db.insert(storeMembers).values({ storeId, userId: row!.id, role });
  return { id: row!.id, email, token: (await login(test, 'merchant', email, PASSWORD)).accessToken };
}

/** The access token of a new member of `storeId` with `role` (see `addStoreMember`). */
export async function storeMemberToken(test: TestApp, storeId: string, role: string): Promise<string> {
  return (await addStoreMember(test, storeId, role)).token;
}
