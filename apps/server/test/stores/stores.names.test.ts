import {
  authEndpoints,
  merchantDirectoryEndpoints,
  storeAdminEndpoints,
  storeProfileEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../support/contract-requests.js';
import { createVisibleStore } from '../support/store-factory.js';
import {
  bearer,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  nextIp,
  PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const rename = (token: string, storeName: string) =>
  test.app.inject({
    ...requestOf(storeProfileEndpoints.save),
    headers: bearer(token),
    payload: { store: { storeName } },
  });

const signUpMerchant = (storeName: string) =>
  test.app.inject({
    ...requestOf(authEndpoints.merchant.signup),
    remoteAddress: nextIp(),
    payload: {
      firstName: 'Bisi',
      lastName: 'Ade',
      email: uniqueEmail('merchant'),
      password: PASSWORD,
      phoneNumber: '08031234567',
      storeName,
    },
  });

describe('store names', () => {
  it('are unique whatever their case, at sign-up and on rename, with a clear 409', async () => {
    const taken = `Lagos Lace House ${Date.now()}`;
    expect((await signUpMerchant(taken)).statusCode).toBe(201);
    const again = await signUpMerchant(taken.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({
      message: 'A store with this name already exists. Please choose another name.',
      error: 'CONFLICT',
    });

    const other = await createConfirmedAccount(test, 'merchant');
    const { accessToken } = await login(test, 'merchant', other.email);
    const renamed = await rename(accessToken, taken.toLowerCase());
    expect(renamed.statusCode).toBe(409);
    expect(json(renamed).error).toBe('CONFLICT');
    // Its own name in another case is still its own.
    const own = json(
      await test.app.inject({ ...requestOf(storeProfileEndpoints.get), headers: bearer(accessToken) }),
    ).data.store.storeName as string;
    expect((await rename(accessToken, own.toUpperCase())).statusCode).toBe(200);
  });

  it('a rename of an approved store sends it back to review and hides it until approved again', async () => {
    const store = await createVisibleStore(test);
    const before = await test.app.inject(
      requestOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store.storeUrl } }),
    );
    expect(before.statusCode).toBe(200);

    const response = await rename(store.accessToken, `Renamed Store ${Date.now()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.store).toMatchObject({ approvalStatus: 'pending', isVisible: false });
    const after = await test.app.inject(
      requestOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store.storeUrl } }),
    );
    expect(after.statusCode).toBe(404);

    // Both approvers approve again, and the store is back.
    for (const admin of [store.approvers.first, store.approvers.second]) {
      const approved = await test.app.inject({
        ...requestOf(storeAdminEndpoints.approve, { params: { id: store.storeId } }),
        headers: bearer(admin.accessToken),
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect(
      (
        await test.app.inject(
          requestOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store.storeUrl } }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('other profile changes of an approved store keep it approved', async () => {
    const store = await createVisibleStore(test);
    const response = await test.app.inject({
      ...requestOf(storeProfileEndpoints.save),
      headers: bearer(store.accessToken),
      payload: { store: { officeAddress: '12 Broad Street, Lagos Island' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.store).toMatchObject({ approvalStatus: 'approved', isVisible: true });
  });
});
