import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { atLeastOneField } from './published-rules.js';

// ---------- subscription plans (managed by admins) and a store's subscription (issue 9) ----------

export const plan = z.object({
  id: z.string(),
  /** Stable key (starter, growth, pro for the three the platform started with). */
  code: z.string(),
  name: z.string(),
  summary: z.string(),
  includes: z.array(z.string()),
  monthlyPriceKobo: z.number().int(),
  /** Products a store on this plan may list; null: no limit. */
  productLimit: z.number().int().nullable(),
  /** The plan of every store that pays for none. */
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

const planFields = {
  code: z
    .string({ error: 'Give the plan a code' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9-]{1,29}$/, 'Use 2 to 30 lower-case letters, digits and -'),
  name: z.string({ error: 'Give the plan a name' }).trim().min(2, 'At least 2 characters').max(40),
  summary: z.string().trim().max(200, 'At most 200 characters'),
  includes: z.array(z.string().trim().min(1).max(120)).max(12, 'At most 12 lines'),
  monthlyPriceKobo: z
    .number({ error: 'Enter the monthly price' })
    .int('Use whole kobo')
    .min(0, 'Cannot be negative')
    .max(100_000_000, 'At most ₦1,000,000 a month'),
  productLimit: z.number().int('Use a whole number').min(1, 'At least 1 product').max(1_000_000).nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int().min(0).max(1000),
};

export const createPlanBody = z.object({
  ...planFields,
  summary: planFields.summary.default(''),
  includes: planFields.includes.default([]),
  isDefault: planFields.isDefault.default(false),
  isActive: planFields.isActive.default(true),
  sortOrder: planFields.sortOrder.default(0),
});
export type CreatePlanBody = z.input<typeof createPlanBody>;
export type CreatePlanInput = z.output<typeof createPlanBody>;
export const updatePlanBody = z
  .object(planFields)
  .omit({ code: true })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field')
  .apply(atLeastOneField('Change at least one field'));
export type UpdatePlanBody = z.input<typeof updatePlanBody>;
export type UpdatePlanInput = z.output<typeof updatePlanBody>;

export const subscriptionStatuses = ['active', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscription = z.object({
  planId: z.string(),
  planName: z.string(),
  /** active until currentPeriodEnd; expired after it (the store is back on the default plan). */
  status: z.enum(subscriptionStatuses),
  currentPeriodStart: isoDateTime,
  currentPeriodEnd: isoDateTime,
  /** The saved card is charged for the next month a day before currentPeriodEnd while this is on. */
  autoRenew: z.boolean(),
  /** When the next month will be charged to the saved card; null when it will not be (off, no card, expired). */
  renewsAt: isoDateTime.nullable(),
  /** The card saved from the last payment, if the provider allows charging it again. Never its authorization. */
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
});
export type Subscription = z.infer<typeof subscription>;

/** `cancelled`: a checkout left unpaid and replaced by a newer one (a late payment of it still applies). */
/** Nigeria's VAT (Finance Act 2019): 7.5 %, in basis points. Plan prices are VAT-inclusive. */
export const VAT_BASIS_POINTS = 750;

/**
 * The VAT inside a VAT-inclusive amount, in integer kobo: `vat = amount × 750 / 10,750`, rounded half up; the net is
 * the rest, so net + VAT is always the amount charged.
 */
export function vatIncluded(
  amountKobo: number,
  basisPoints: number = VAT_BASIS_POINTS,
): { netKobo: number; vatKobo: number } {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0)
    throw new RangeError('vatIncluded takes integer kobo');
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0)
    throw new RangeError('VAT is whole basis points');
  const gross = 10_000 + basisPoints;
  const vatKobo = Math.floor((amountKobo * basisPoints * 2 + gross) / (gross * 2));
  return { netKobo: amountKobo - vatKobo, vatKobo };
}

export const invoiceStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoice = z.object({
  id: z.string(),
  reference: z.string(),
  planId: z.string(),
  planName: z.string(),
  amountKobo: z.number().int(),
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  status: z.enum(invoiceStatuses),
  paidAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Invoice = z.infer<typeof invoice>;

/** Who issues the invoices, from the server's configuration (PLATFORM_LEGAL_NAME, PLATFORM_TIN, the VAT rate). */
export const invoiceIssuer = z.object({
  legalName: z.string(),
  tin: z.string(),
  /** The VAT rate in basis points (750 = 7.5 %); plan prices include it. */
  vatBasisPoints: z.number().int(),
});
export type InvoiceIssuer = z.infer<typeof invoiceIssuer>;

export const invoiceList = z.object({
  count: z.number().int(),
  rows: z.array(invoice),
  issuer: invoiceIssuer,
});
export type InvoiceList = z.infer<typeof invoiceList>;

export const storeSubscription = z.object({
  /** The plan whose limits apply now: the paid one while active, else the default plan. */
  plan,
  subscription: subscription.nullable(),
});
export type StoreSubscription = z.infer<typeof storeSubscription>;

export const subscribeBody = z.object({ planId: uuid });
export const subscribeAnswer = z.object({
  invoice,
  /** Where the merchant pays; null when the plan costs nothing and is active at once. */
  authorizationUrl: z.string().nullable(),
});

export const updateSubscriptionBody = z.object({
  autoRenew: z.boolean({ error: 'Choose whether the plan renews by itself' }),
});
export type UpdateSubscriptionBody = z.infer<typeof updateSubscriptionBody>;

export const PLAN_NOT_FOUND = 'Plan not found';
export const NO_PAID_PLAN = 'You have no paid plan to renew';
export const INVOICE_NOT_FOUND = 'Invoice not found';
export const productLimitMessage = (planName: string, limit: number) =>
  `Your ${planName} plan allows ${limit} ${limit === 1 ? 'product' : 'products'}. Upgrade your plan to add more.`;

// ---------- endpoints ----------

const tags = ['Subscriptions'];

export const planPublicEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/plans',
    summary: 'The plans a store can subscribe to, cheapest first',
    tags,
    access: access.public,
    response: envelope(z.array(plan)),
  }),
};

export const planAdminEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/plans',
    summary: 'Every plan, also those no longer offered',
    tags,
    access: access.admin('plans:manage'),
    response: envelope(z.array(plan)),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/plans',
    summary: 'Add a plan',
    tags,
    access: access.admin('plans:manage'),
    body: createPlanBody,
    response: envelope(plan),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/admin/plans/:id',
    summary: 'Change a plan (paid periods keep the price they were paid at)',
    tags,
    access: access.admin('plans:manage'),
    params: z.object({ id: uuid }),
    body: updatePlanBody,
    response: envelope(plan),
  }),
};

export const subscriptionMerchantEndpoints = {
  current: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/subscription',
    summary: "Your store's plan and subscription",
    tags,
    access: access.merchant('subscription:manage'),
    response: envelope(storeSubscription),
  }),
  subscribe: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/subscription',
    summary:
      'Subscribe to a plan for a month (or pay the next month): an invoice, paid through the payment provider',
    tags,
    access: access.merchant('subscription:manage'),
    idempotent: true,
    errors: [404],
    body: subscribeBody,
    response: envelope(subscribeAnswer),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/merchant/subscription',
    summary: 'Turn automatic renewal with the saved card on or off',
    tags,
    access: access.merchant('subscription:manage'),
    errors: [404],
    body: updateSubscriptionBody,
    response: envelope(storeSubscription),
  }),
  verify: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/subscription/verify',
    summary: 'Back from the payment page: asks the provider about the invoice and applies it when paid',
    tags,
    access: access.merchant('subscription:manage'),
    idempotent: true,
    errors: [404],
    body: z.object({ reference: z.string().trim().min(4).max(64) }),
    response: envelope(invoice),
  }),
  invoices: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/subscription/invoices',
    summary: "Your store's subscription invoices, newest first",
    tags,
    access: access.merchant('subscription:manage'),
    response: envelope(invoiceList),
  }),
};
