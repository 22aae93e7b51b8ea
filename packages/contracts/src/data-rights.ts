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
/** A store's owner: the store, its orders and its money need someone answerable before the account goes. */
export const CLOSE_REFUSED_STORE_OWNER =
  'You own a store. Make another member its owner, or ask us to close the store, then close your account.';
/** A shipping partner with a parcel still on the road: the customer and the store are waiting on it. */
export const CLOSE_REFUSED_DELIVERY_IN_FLIGHT =
  'An order given to you to deliver is not finished yet. You can close your account once every order you carry is delivered, handed back or cancelled.';
/** What a closed staff member's or partner's account keeps. */
export const BUSINESS_ACCOUNT_CLOSED_MESSAGE =
  'Your account is closed and you are signed out everywhere. We erased your name, email, phone number and photo. We keep what you did for the business (order moves, decisions in the audit trail) without your name, as Nigerian law requires us to keep business records.';

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
    z.object({
      kind: z.string(),
      inApp: z.boolean(),
      email: z.boolean(),
      sms: z.boolean(),
      whatsapp: z.boolean().optional(),
    }),
  ),
  /** The WhatsApp opt-in (the number and when consent was given) and an admin's digest choice, when ever set. */
  notificationSettings: z
    .object({
      whatsappPhone: z.string().nullable(),
      whatsappConsentAt: isoDateTime.nullable(),
      dailyDigest: z.boolean(),
    })
    .nullable()
    .optional(),
  /** A merchant account's places in stores: which store, which role, since when. */
  storeMemberships: z
    .array(
      z.object({
        storeId: z.string(),
        storeName: z.string(),
        role: z.string(),
        isActive: z.boolean(),
        since: isoDateTime,
      }),
    )
    .optional(),
  /** A shipping partner's company as they registered it, and the orders given to them to deliver. */
  partner: z
    .object({
      companyName: z.string(),
      company: loose,
      approvedAt: isoDateTime.nullable(),
      deliveries: z.array(
        z.object({ orderId: z.string(), orderName: z.string(), status: z.string(), createdAt: isoDateTime }),
      ),
    })
    .optional(),
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
  exportMineMerchant: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/merchant/profile/data',
    summary:
      "The signed-in merchant account's personal data as JSON: profile, the stores it works in and its roles, notification settings",
    tags: ['Profile'],
    access: access.merchantAccount,
    response: envelope(personalDataExport),
  }),
  closeMineMerchant: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/merchant/close-account',
    summary:
      "Close the signed-in merchant account (a store's staff member): personal data erased, store places ended, business records kept (409 for a store's owner)",
    tags: ['Profile'],
    access: access.merchantAccount,
    serverChecks: { password: 'must be the current password' },
    errors: [409],
    body: closeAccountBody,
    response: messageOnly,
  }),
  exportMinePartner: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/partner/profile/data',
    summary:
      "The signed-in shipping partner's personal data as JSON: profile, company as registered, the orders given to it, notification settings",
    tags: ['Profile'],
    access: access.partnerAccount,
    response: envelope(personalDataExport),
  }),
  closeMinePartner: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/partner/close-account',
    summary:
      'Close the signed-in shipping partner account: personal data erased, business records kept (409 while an order it carries is unfinished)',
    tags: ['Profile'],
    access: access.partnerAccount,
    serverChecks: { password: 'must be the current password' },
    errors: [409],
    body: closeAccountBody,
    response: messageOnly,
  }),
  adminExport: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/data-rights/:id/data',
    summary:
      "A customer's, merchant staff member's or shipping partner's personal data as JSON, on their written request (recorded in the audit trail)",
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
      "Close a customer's, merchant staff member's or shipping partner's account on their written request (409 while their business is unfinished)",
    tags: ['Admin'],
    access: access.admin('data-rights:act'),
    params: z.object({ id: uuid }),
    errors: [409],
    body: writtenRequestBody,
    response: messageOnly,
  }),
};
