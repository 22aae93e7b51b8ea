import { ACCOUNT_NOT_RESOLVED, bankAccountEndpoints, WRONG_PASSWORD } from '@market/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBankAccounts } from '../../src/modules/bank-accounts/bank-accounts.schema.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { createSandboxBankDirectory, validNuban } from '../../src/platform/payments/index.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createConfirmedAccount,
  json,
  login,
  nextIp,
  PASSWORD,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';

let test: TestApp;
let owner: TestMerchant;
let otherOwner: TestMerchant;
let customerToken: string;
let adminToken: string;
let partnerToken: string;

const GTBANK = '058';
const goodNumber = validNuban(GTBANK, '012345678');
/** One digit off: the NUBAN check digit no longer matches, as a mistyped number at a real bank. */
const wrongNumber = `${goodNumber.slice(0, 9)}${(Number(goodNumber[9]) + 1) % 10}`;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });

/** A second person in the owner's store with this role (and own permissions, for a custom role). */
async function staffOf(store: TestMerchant, role: string, permissions: string[] | null = null) {
  const account = await createConfirmedAccount(test, 'merchant');
  const session = await login(test, 'merchant', account.email);
  const userId = session.user.id as string;
  // Their own new store's membership is switched off: the guard then resolves the owner's store.
  await test.deps.db.update(storeMembers).set({ isActive: false }).where(eq(storeMembers.userId, userId));
  await test.deps.db.insert(storeMembers).values({ storeId: store.storeId, userId, role, permissions });
  return session.accessToken;
}

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, carriers: 1 });
  ({ test } = market);
  [owner, otherOwner] = market.merchants;
  customerToken = market.customers[0].token;
  adminToken = market.superadmin.accessToken;
  partnerToken = market.carriers[0].accessToken;
});
afterAll(() => test?.close());

describe('the sandbox bank directory', () => {
  it('resolves numbers with a right NUBAN check digit to the same name every time, and no others', async () => {
    const directory = createSandboxBankDirectory();
    const name = await directory.resolveAccount(GTBANK, goodNumber);
    expect(name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(await directory.resolveAccount(GTBANK, goodNumber)).toBe(name);
    expect(await directory.resolveAccount(GTBANK, wrongNumber)).toBeNull();
    expect(await directory.resolveAccount('999', goodNumber)).toBeNull();
    // CBN's worked example: bank 011, serial 000001457 → check digit 9.
    expect(validNuban('011', '000001457')).toBe('0000014579');
  });
});

describe('bank account (/merchant/bank-account)', () => {
  it('lists Nigerian banks', async () => {
    const answer = await call('GET', urlOf(bankAccountEndpoints.banks), owner.token);
    expect(answer.statusCode).toBe(200);
    const banks = json(answer).data as { code: string; name: string }[];
    expect(banks).toContainEqual({ code: GTBANK, name: 'Guaranty Trust Bank' });
  });

  it('resolves the account name before saving; a wrong number is 422', async () => {
    const found = await call('POST', urlOf(bankAccountEndpoints.resolve), owner.token, {
      bankCode: GTBANK,
      accountNumber: goodNumber,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(json(found).data).toMatchObject({ bankName: 'Guaranty Trust Bank', accountNumber: goodNumber });

    const wrong = await call('POST', urlOf(bankAccountEndpoints.resolve), owner.token, {
      bankCode: GTBANK,
      accountNumber: wrongNumber,
    });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toMatchObject({
      message: ACCOUNT_NOT_RESOLVED,
      error: 'VALIDATION_ERROR',
      details: [{ path: 'accountNumber', message: ACCOUNT_NOT_RESOLVED }],
    });

    const unknownBank = await call('POST', urlOf(bankAccountEndpoints.resolve), owner.token, {
      bankCode: '999',
      accountNumber: goodNumber,
    });
    expect(unknownBank.statusCode).toBe(422);
    const short = await call('POST', urlOf(bankAccountEndpoints.resolve), owner.token, {
      bankCode: GTBANK,
      accountNumber: '12345',
    });
    expect(short.statusCode).toBe(422);
  });

  it('starts empty, then saves with the owner password, masked on the way out, and mails the owner', async () => {
    const empty = await call('GET', urlOf(bankAccountEndpoints.get), owner.token);
    expect(empty.statusCode).toBe(200);
    expect(json(empty).data).toBeNull();

    const wrongPassword = await call('PUT', urlOf(bankAccountEndpoints.save), owner.token, {
      bankCode: GTBANK,
      accountNumber: goodNumber,
      password: 'not-my-password',
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(json(wrongPassword).message).toBe(WRONG_PASSWORD);

    const wrongNumberSave = await call('PUT', urlOf(bankAccountEndpoints.save), owner.token, {
      bankCode: GTBANK,
      accountNumber: wrongNumber,
      password: PASSWORD,
    });
    expect(wrongNumberSave.statusCode).toBe(422);
    expect(json(await call('GET', urlOf(bankAccountEndpoints.get), owner.token)).data).toBeNull();

    const saved = await call('PUT', urlOf(bankAccountEndpoints.save), owner.token, {
      bankCode: GTBANK,
      accountNumber: goodNumber,
      password: PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const masked = json(saved).data as Record<string, string>;
    expect(masked.maskedAccountNumber).toBe(`••••••${goodNumber.slice(-4)}`);
    expect(JSON.stringify(json(saved))).not.toContain(goodNumber);

    const read = json(await call('GET', urlOf(bankAccountEndpoints.get), owner.token)).data as Record<
      string,
      string
    >;
    expect(read).toMatchObject({ bankCode: GTBANK, accountNumberLast4: goodNumber.slice(-4) });
    const [row] = await test.deps.db
      .select()
      .from(storeBankAccounts)
      .where(eq(storeBankAccounts.storeId, owner.storeId));
    expect(row?.accountNumber).toBe(goodNumber);

    const [mail] = await test.deps.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.to, owner.email)))
      .orderBy(desc(outboxMails.createdAt))
      .limit(1);
    expect(mail?.subject).toContain('payout bank account');
    expect(mail?.text).toContain(goodNumber.slice(-4));
    expect(mail?.text).not.toContain(goodNumber);
  });

  it("another merchant sees only their own store's account", async () => {
    const other = await call('GET', urlOf(bankAccountEndpoints.get), otherOwner.token);
    expect(other.statusCode).toBe(200);
    expect(json(other).data).toBeNull();
  });

  it('a manager cannot read or change it; a custom role holding bank:write still is not the owner', async () => {
    const manager = await staffOf(owner, 'manager');
    expect((await call('GET', urlOf(bankAccountEndpoints.get), manager)).statusCode).toBe(403);
    const managerSave = await call('PUT', urlOf(bankAccountEndpoints.save), manager, {
      bankCode: GTBANK,
      accountNumber: goodNumber,
      password: PASSWORD,
    });
    expect(managerSave.statusCode).toBe(403);
    expect(json(managerSave).message).toContain('bank:write');

    const custom = await staffOf(owner, 'payouts clerk', ['payouts:read', 'bank:write']);
    expect((await call('GET', urlOf(bankAccountEndpoints.get), custom)).statusCode).toBe(200);
    const customSave = await call('PUT', urlOf(bankAccountEndpoints.save), custom, {
      bankCode: '044',
      accountNumber: validNuban('044', '000000001'),
      password: PASSWORD,
    });
    expect(customSave.statusCode).toBe(403);
    const kept = json(await call('GET', urlOf(bankAccountEndpoints.get), owner.token)).data as {
      bankCode: string;
    };
    expect(kept.bankCode).toBe(GTBANK);
  });

  it('refuses customers, admins, partners (403) and anonymous callers (401)', async () => {
    const body = { bankCode: GTBANK, accountNumber: goodNumber, password: PASSWORD };
    for (const token of [customerToken, adminToken, partnerToken]) {
      expect((await call('GET', urlOf(bankAccountEndpoints.banks), token)).statusCode).toBe(403);
      expect((await call('GET', urlOf(bankAccountEndpoints.get), token)).statusCode).toBe(403);
      expect((await call('POST', urlOf(bankAccountEndpoints.resolve), token, body)).statusCode).toBe(403);
      expect((await call('PUT', urlOf(bankAccountEndpoints.save), token, body)).statusCode).toBe(403);
    }
    expect((await call('GET', urlOf(bankAccountEndpoints.get))).statusCode).toBe(401);
    expect((await call('PUT', urlOf(bankAccountEndpoints.save), undefined, body)).statusCode).toBe(401);
  });
});
