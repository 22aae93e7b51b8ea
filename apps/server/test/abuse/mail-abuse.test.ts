import { randomUUID } from 'node:crypto';
import { productEndpoints, staffEndpoints, storeAdminEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { callAs } from '../support/staff-factory.js';
import { createCategoryTree } from '../support/store-factory.js';
import {
  createAdmin,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.js';

// Issue 31, findings 1 and 2: an unapproved store made the platform mail addresses it chose (25 invitations in
// 5 s, greeting "Hello Your parcel is held. Pay … at http://evil.example/pay"), and every product it created mailed
// every product approver with the product's name as the subject.

let test: TestApp;
let tree: Awaited<ReturnType<typeof createCategoryTree>>;
beforeAll(async () => {
  test = await createTestApp();
  tree = await createCategoryTree(test);
});
afterAll(() => test.close());

const mailsTo = (to: string) => test.deps.db.select().from(outboxMails).where(eq(outboxMails.to, to));

const invite = (token: string, overrides: Record<string, unknown> = {}) =>
  callAs(test, token, 'POST', urlOf(staffEndpoints.create), {
    firstName: 'Chidi',
    lastName: 'Okafor',
    email: uniqueEmail('invitee'),
    phoneNumber: '08035551234',
    role: 'inventory',
    ...overrides,
  });

const productBody = (name: string) => ({
  name,
  description: ['Hand-sewn in Aba.'],
  categoryId: tree.category.id,
  subCategoryId: tree.subCategory.id,
  childCategoryId: tree.childCategory.id,
  pricing: [{ costPrice: 1000, sellingPrice: 2000, price: 2000 }],
  quantity: 5,
  sku: `SKU-${randomUUID().slice(0, 8)}`,
  weight: 0.5,
  weightUnit: 'kg',
  dimension: { length: 30, width: 20, height: 5 },
  dimensionUnit: 'cm',
  whenSoldOut: 'show-sold-out',
  contSalesOutOfStock: false,
  stockAlertUnits: 1,
  IsDigitalProduct: false,
  variant: [],
  variantProperties: [],
});

async function pendingMerchant() {
  const account = await createConfirmedAccount(test, 'merchant', {
    storeName: `Pending ${randomUUID().slice(0, 6)}`,
  });
  const session = await login(test, 'merchant', account.email);
  return { token: session.accessToken, storeId: session.user.storeId as string };
}

describe('a store the platform does not trust yet mails nobody', () => {
  it('a pending store cannot invite staff: 403, no account, no mail', async () => {
    const { token } = await pendingMerchant();
    const email = uniqueEmail('target');
    const response = await invite(token, { email });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe('An admin must approve your store before it can invite staff');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("a pending store's products are drafts: created, but no approver is told", async () => {
    const admin = await createAdmin(test, 'admin');
    const { token } = await pendingMerchant();
    const created = await callAs(
      test,
      token,
      'POST',
      urlOf(productEndpoints.create),
      productBody('URGENT call 08012345678'),
    );
    expect(created.statusCode).toBe(201);
    await test.jobs.fanOutNotifications();
    expect(await mailsTo(admin.email)).toHaveLength(0);
  });

  it('an approved store invites at most 20 people an hour, whoever of its staff asks', async () => {
    const owner: TestMerchant = await createMerchantWithStore(test);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await invite(owner.token)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another store has its own budget.
    const other = await createMerchantWithStore(test);
    expect((await invite(other.token)).statusCode).toBe(201);
  });

  it.each([
    'Your parcel is held. Pay the NGN 2,500 fee at http://evil.example/pay',
    'Visit evil.example',
    'Call 08012345678',
    'Ada <b>',
  ])('a name is a name: %s is refused with 422', async (firstName) => {
    const owner = await createMerchantWithStore(test);
    const email = uniqueEmail('named');
    const response = await invite(owner.token, { firstName, email });
    expect(response.statusCode).toBe(422);
    expect(json(response).message).toBe(
      'First name can hold only letters, spaces, hyphens, apostrophes and dots',
    );
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("names people really have pass: J.R. O'Neil-Okafor, Ọlá Adéwálé, Zainab", async () => {
    const owner = await createMerchantWithStore(test);
    for (const [firstName, lastName] of [
      ['J.R.', "O'Neil-Okafor"],
      ['Ọlá', 'Adéwálé'],
      ['Zainab', 'Bello'],
    ])
      expect((await invite(owner.token, { firstName, lastName })).statusCode).toBe(201);
  });
});

describe('the approval digest', () => {
  it('six products of an approved store in a row are one mail to each approver, named by the store', async () => {
    const admin = await createAdmin(test, 'admin');
    const owner = await createMerchantWithStore(test);
    for (let i = 0; i < 6; i++) {
      const created = await callAs(
        test,
        owner.token,
        'POST',
        urlOf(productEndpoints.create),
        productBody(`URGENT claim N50,000 ${i}`),
      );
      expect(created.statusCode).toBe(201);
    }
    await test.jobs.fanOutNotifications();
    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${owner.storeName} has products waiting for approval`);
    expect(JSON.stringify(mails[0])).not.toContain('URGENT');
  });

  it("a pending store's drafts are submitted as one digest when the store is approved", async () => {
    const { createApprovers } = await import('../support/store-factory.js');
    const approvers = await createApprovers(test);
    const { token, storeId } = await pendingMerchant();
    for (let i = 0; i < 3; i++)
      expect(
        (await callAs(test, token, 'POST', urlOf(productEndpoints.create), productBody(`Draft ${i}`)))
          .statusCode,
      ).toBe(201);
    await test.jobs.fanOutNotifications();
    const before = (await mailsTo(approvers.first.email)).length;
    for (const approver of [approvers.first, approvers.second]) {
      const approved = await callAs(
        test,
        approver.accessToken,
        'POST',
        urlOf(storeAdminEndpoints.approve, { params: { id: storeId } }),
      );
      expect(approved.statusCode, approved.body).toBe(200);
    }
    await test.jobs.fanOutNotifications();
    const after = await mailsTo(approvers.first.email);
    expect(
      after.slice(before).filter((mail) => mail.subject.endsWith('has products waiting for approval')),
    ).toHaveLength(1);
  });
});
