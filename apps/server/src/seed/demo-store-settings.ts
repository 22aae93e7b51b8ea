// The demo store's policies, payout bank account and a paid Growth subscription with its invoice, so the merchant
// sees each screen with content and the storefront shows policies. Like the rest of src/seed it writes tables
// directly; running it again changes nothing.
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { storeBankAccounts } from '../modules/bank-accounts/bank-accounts.schema.js';
import { storePolicies } from '../modules/policies/policies.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import { addMonthUtc } from '../modules/subscriptions/index.js';
import {
  plans,
  storeSubscriptions,
  subscriptionInvoices,
} from '../modules/subscriptions/subscriptions.schema.js';
import type { Db } from '../platform/db/client.js';
import { validNuban } from '../platform/payments/index.js';
import { sandboxCharges } from '../platform/payments/sandbox.schema.js';

const DEMO_REFERENCE = 'SUB-DEMO0000000000000000000001';
const DEMO_AUTHORIZATION = 'AUTH_sbxdemo00000000';

const demoPolicies = [
  {
    type: 'shipping',
    title: 'Shipping across Nigeria',
    body: 'We ship to all 36 states and the FCT through Naija Market delivery partners.\n\nLagos orders arrive in 1 to 2 working days; other states in 3 to 5 working days. You get a delivery token by SMS: give it to the rider when your order arrives.',
  },
  {
    type: 'returns',
    title: 'Returns within 7 days',
    body: 'If a phone or accessory is faulty or not what you ordered, return it within 7 days of delivery in its original box with every accessory.\n\nStart a return from your order page. We check the item within 2 working days of receiving it.',
  },
  {
    type: 'refunds',
    title: 'Refunds',
    body: 'Once a return is accepted we refund the item price to the card or account you paid with, within 5 working days. Delivery fees are refunded when the item was faulty or wrong.',
  },
  {
    type: 'privacy',
    title: 'Your data',
    body: 'We use your name, phone number and delivery address only to deliver your order and to contact you about it. We never sell your details.',
  },
] as const;

/** Answers whether anything was added (false when the demo store already had it all, or does not exist). */
export async function seedDemoStoreSettings(db: Db, logger?: Logger): Promise<boolean> {
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  if (!merchant) return false;
  const [store] = await db.select().from(stores).where(eq(stores.merchantId, merchant.id));
  if (!store) return false;
  let added = false;
  await db.transaction(async (tx) => {
    const existing = await tx.select().from(storePolicies).where(eq(storePolicies.storeId, store.id));
    if (existing.length === 0) {
      await tx
        .insert(storePolicies)
        .values(demoPolicies.map((policy) => ({ ...policy, storeId: store.id, createdBy: merchant.id })));
      added = true;
    }
    const [bank] = await tx.select().from(storeBankAccounts).where(eq(storeBankAccounts.storeId, store.id));
    if (!bank) {
      // A valid NUBAN at GTBank: the sandbox resolves it, so the screen behaves as it will for a real account.
      const accountNumber = validNuban('058', '012345678');
      await tx.insert(storeBankAccounts).values({
        storeId: store.id,
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber,
        accountName: 'CHINEDU OBI',
        updatedBy: merchant.id,
      });
      added = true;
    }
    if (await seedGrowthSubscription(tx, store.id, merchant)) added = true;
  });
  if (added)
    logger?.info({ storeUrl: store.storeUrl }, 'demo store policies, bank account and subscription added');
  return added;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A paid month of Growth, with the sandbox payment that issued its saved card and the invoice; false when the store
 * already has a subscription or there is no Growth plan.
 */
async function seedGrowthSubscription(
  tx: Tx,
  storeId: string,
  merchant: { id: string; email: string },
): Promise<boolean> {
  const [subscription] = await tx
    .select()
    .from(storeSubscriptions)
    .where(eq(storeSubscriptions.storeId, storeId));
  const [growth] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.code, 'growth')));
  if (subscription || !growth) return false;
  const paidAt = new Date();
  const periodEnd = addMonthUtc(paidAt);
  await tx.insert(storeSubscriptions).values({
    storeId,
    planId: growth.id,
    currentPeriodStart: paidAt,
    currentPeriodEnd: periodEnd,
    // Paid with the sandbox's success card, saved for renewals: the screen shows it and the job charges it.
    autoRenew: true,
    authorizationCode: DEMO_AUTHORIZATION,
    authorizationEmail: merchant.email,
    cardBrand: 'visa',
    cardLast4: '4081',
  });
  // The sandbox's record of that payment, which issued the authorization (so the sandbox can charge it again).
  await tx
    .insert(sandboxCharges)
    .values({
      reference: DEMO_REFERENCE,
      transactionId: '4099260001',
      amountKobo: growth.monthlyPriceKobo,
      email: merchant.email,
      callbackUrl: '',
      status: 'success',
      channel: 'card',
      cardType: 'visa',
      cardLast4: '4081',
      bank: 'TEST BANK',
      countryCode: 'NG',
      authorizationCode: DEMO_AUTHORIZATION,
      gatewayResponse: 'Successful',
      paidAt,
    })
    .onConflictDoNothing();
  await tx.insert(subscriptionInvoices).values({
    storeId,
    planId: growth.id,
    planName: growth.name,
    amountKobo: growth.monthlyPriceKobo,
    reference: DEMO_REFERENCE,
    status: 'paid',
    periodStart: paidAt,
    periodEnd,
    paidAt,
    createdBy: merchant.id,
  });
  return true;
}
