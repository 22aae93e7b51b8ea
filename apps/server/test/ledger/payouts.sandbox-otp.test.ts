import { adminPayoutEndpoints, merchantPayoutEndpoints, PAYOUT_NEEDS_OTP } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { SANDBOX_TRANSFER_OTP } from '../../src/platform/payments/transfers.js';
import { caller, type Dispatcher } from '../returns/returns-support.js';
import { type CommerceSetup, sellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { ledgerTotal, payableOrder, saveBankAccount } from './ledger-support.js';

// The embedded default's sandbox transfers with OTPs on (SANDBOX_TRANSFER_OTP, as the money journey runs them): the
// sandbox answers as Paystack does (payouts.otp.test.ts tries Paystack's own stand-in): a wrong OTP is refused and
// changes nothing, the sandbox's OTP pays the store once, and a second finalise is refused.

let test: TestApp;
let setup: CommerceSetup;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({
    stores: 0,
    customers: 0,
    dispatchers: 1,
    app: { env: { SANDBOX_TRANSFER_OTP: 'true' } },
  });
  ({ test, setup } = market);
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const finalize = (payoutId: string, otp: string) =>
  call('POST', urlOf(adminPayoutEndpoints.finalizeOtp, { params: { payoutId } }), setup.admin.accessToken, {
    otp,
  });
const payoutRow = async (id: string) =>
  (await test.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;

describe('sandbox transfers with OTPs', () => {
  it('refuse a wrong OTP and change nothing; the right one pays the store once', async () => {
    const store = await sellingStore(test, setup);
    await saveBankAccount(test, store.storeId, store.id);
    await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
    const balances = async () =>
      json(await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken)).data as {
        payable: number;
        processed: number;
      };
    const before = await balances();
    expect(before.payable).toBeGreaterThan(0);

    const approved = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      setup.admin.accessToken,
    );
    expect(approved.statusCode).toBe(200);
    expect(json(approved).message).toBe(PAYOUT_NEEDS_OTP);
    const payout = json(approved).data as { id: string };
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: true });

    const wrong = await finalize(payout.id, '000000');
    expect(wrong.statusCode).toBe(422);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: true });
    expect((await balances()).processed).toBe(before.processed);

    expect((await finalize(payout.id, SANDBOX_TRANSFER_OTP)).statusCode).toBe(200);
    expect((await payoutRow(payout.id)).needsOtp).toBe(false);
    expect((await finalize(payout.id, SANDBOX_TRANSFER_OTP)).statusCode).toBe(409);
    expect(await ledgerTotal(test)).toBe(0);
  });
});
