import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';

// Data rights of Nigeria's Data Protection Act 2023 (issue 33, ADR 073): a customer downloads their personal data
// as JSON, corrects it (the profile's own edits), closes their account (personal data anonymised, the books kept),
// and chooses marketing messages apart from transactional ones. An admin acts on a written request for someone.

export const PERSONAL_DATA_FORMAT = 'naija-market.personal-data.v1';

/** What a closed account keeps, said to the person before and after they close it. */
export const ACCOUNT_CLOSED_MESSAGE =
  'Your account is closed and you are signed out everywhere. We erased your name, email, phone number, photo and addresses. We keep your orders, payments and refunds without your name, as Nigerian tax and company law requires us to keep financial records.';
export const CLOSE_REFUSED_ORDER_IN_FLIGHT =
  'You have an order that is not finished yet. You can close your account once every order is completed, cancelled or returned.';
export const CLOSE_REFUSED_REFUND_PENDING =
  'A refund to you is still on its way. You can close your account once it has been paid.';

const money = z.number().int().describe('Kobo');
const loose = z.record(z.string(), z.unknown());

export const personalDataExport = z.object({
  format: z.literal(PERSONAL_DATA_FORMAT),
  exportedAt: isoDateTime,
  account: z.object({
    id: z.string(),
    kind: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    image: z.string().nullable(),
    createdAt: isoDateTime,
    lastLoginAt: isoDateTime.nullable(),
    marketingConsent: z.boolean(),
    marketingConsentAt: isoDateTime.nullable(),
  }),
  addresses: z.array(loose),
  orders: z.array(
    z.object({
      id: z.string(),
      orderName: z.string(),
      storeName: z.string(),
      status: z.string(),
      createdAt: isoDateTime,
      subtotalKobo: money,
      shippingFeeKobo: money,
      discountKobo: money,
      totalKobo: money,
      deliveryAddress: loose,
      items: z.array(
        z.object({
          productName: z.string(),
          sku: z.string(),
          quantity: z.number().int(),
          unitPriceKobo: money,
          discountKobo: money,
        }),
      ),
      refunds: z.array(
        z.object({ reference: z.string(), amountKobo: money, status: z.string(), createdAt: isoDateTime }),
      ),
    }),
  ),
  reviews: z.array(loose),
  returns: z.array(loose),
  notificationPreferences: z.array(
    z.object({ kind: z.string(), inApp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  ),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

export const marketingConsentBody = z.object({
  consent: z.boolean({ error: 'Say yes or no to marketing messages' }),
});
export const marketingConsent = z.object({
  marketingConsent: z.boolean(),
  marketingConsentAt: isoDateTime.nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsent>;

export const closeAccountBody = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
  /** The person types CLOSE: a slip of the finger does not erase an account. */
  confirm: z.literal('CLOSE', { error: 'Type CLOSE to confirm' }),
});
export type CloseAccountBody = z.input<typeof closeAccountBody>;

export const writtenRequestBody = z.object({
  /** Where the written request is kept (a ticket or letter reference) and what it asked. */
  reason: z
    .string({ error: 'Say which written request this acts on' })
    .trim()
    .min(5, 'Say which written request this acts on')
    .max(1000),
});

export const dataRightsEndpoints = {
  exportMine: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/customer/profile/data',
    summary:
      "The signed-in customer's personal data as JSON: profile, addresses, orders with items and money, refunds, reviews, returns, notification settings",
    tags: ['Profile'],
    access: access.customer,
    response: envelope(personalDataExport),
  }),
  marketingConsent: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/auth/customer/profile/marketing-consent',
    summary: 'Turn marketing mail and SMS on or off (off by default); the moment of the choice is recorded',
    tags: ['Profile'],
    access: access.customer,
    body: marketingConsentBody,
    response: envelope(marketingConsent),
  }),
  closeMine: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/customer/close-account',
    summary:
      'Close the signed-in customer’s account: personal data anonymised, sessions ended, financial records kept (409 while an order or a refund is unfinished)',
    tags: ['Profile'],
    access: access.customer,
    serverChecks: { password: 'must be the current password' },
    errors: [409],
    body: closeAccountBody,
    response: messageOnly,
  }),
  adminExport: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/data-rights/:id/data',
    summary: "A customer's personal data as JSON, on their written request (recorded in the audit trail)",
    tags: ['Admin'],
    access: access.admin('data-rights:act'),
    params: z.object({ id: uuid }),
    query: writtenRequestBody,
    response: envelope(personalDataExport),
  }),
  adminClose: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/data-rights/:id/close',
    summary:
      "Close a customer's account on their written request (409 while an order or refund is unfinished)",
    tags: ['Admin'],
    access: access.admin('data-rights:act'),
    params: z.object({ id: uuid }),
    errors: [409],
    body: writtenRequestBody,
    response: messageOnly,
  }),
};
