import { z } from 'zod';
import { access } from './access.js';
import { boundedDay, email, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly, pageQuery, pagination } from './envelope.js';
import { nairaAmount, nairaAmountRules } from './money.js';
import { atLeastOneField, publishRules } from './published-rules.js';

export const GIFT_CARD_MIN_NAIRA = 1_000;
export const GIFT_CARD_MAX_NAIRA = 500_000;
/** pending_payment until paid; active with a balance; used once the balance is spent. */
export const giftCardStatuses = ['pending_payment', 'active', 'used'] as const;
export type GiftCardStatus = (typeof giftCardStatuses)[number];
export const giftCardActivityTypes = ['purchase', 'hold', 'release', 'redeem', 'refund'] as const;
export type GiftCardActivityType = (typeof giftCardActivityTypes)[number];

/** A code as it is stored and checked: upper case, without the dashes and spaces people type or copy. */
export function normaliseGiftCardCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * A code as people read, copy and type it: `EFKE-9QKB-SDBP-VC2R`. Idempotent: a code that already has its
 * dashes (the API answers it so) comes out unchanged, never `EFKE--9QK-B-…`.
 */
export function formatGiftCardCode(code: string): string {
  return normaliseGiftCardCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** 16 characters of an alphabet without look-alikes (no 0/O, 1/I/L), in groups of 4; dashes and spaces optional. */
export const giftCardCode = z
  .string({ error: 'Enter the gift card code' })
  .trim()
  .transform(normaliseGiftCardCode)
  .pipe(z.string().regex(/^[A-HJ-KM-NP-Z2-9]{16}$/, 'Enter the 16-character gift card code'))
  .meta({ pattern: '^[A-HJ-KM-NP-Z2-9]{4}(-?[A-HJ-KM-NP-Z2-9]{4}){3}$' });

const dateQuery = boundedDay;

export const purchaseGiftCardBody = z.object({
  amount: nairaAmount
    .refine(
      (value) => value >= GIFT_CARD_MIN_NAIRA,
      `The smallest gift card is ₦${GIFT_CARD_MIN_NAIRA.toLocaleString('en-NG')}`,
    )
    .refine(
      (value) => value <= GIFT_CARD_MAX_NAIRA,
      `The largest gift card is ₦${GIFT_CARD_MAX_NAIRA.toLocaleString('en-NG')}`,
    )
    .apply((schema) =>
      publishRules(
        schema,
        [{ fields: [], rule: `from ₦${GIFT_CARD_MIN_NAIRA} to ₦${GIFT_CARD_MAX_NAIRA}` }],
        {
          minimum: GIFT_CARD_MIN_NAIRA,
          maximum: GIFT_CARD_MAX_NAIRA,
        },
      ),
    ),
  recipientEmail: email.optional(),
  recipientName: z.string().trim().min(1).max(80).optional(),
  message: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type PurchaseGiftCardBody = z.input<typeof purchaseGiftCardBody>;

/** A card as its purchaser sees it: the full code once it is paid. */
export const giftCard = z.object({
  id: z.string(),
  amount: z.number(),
  balance: z.number(),
  status: z.enum(giftCardStatuses),
  code: z.string().nullable(),
  last4: z.string(),
  recipientEmail: z.string().nullable(),
  recipientName: z.string().nullable(),
  message: z.string().nullable(),
  paymentReference: z.string().nullable(),
  activatedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type GiftCard = z.infer<typeof giftCard>;

/** A card as admins see it: never the code. */
export const adminGiftCard = giftCard.omit({ code: true }).extend({ purchaserId: z.string() });

export const payGiftCardBody = z.object({ giftCardId: uuid });
export const giftCardPayment = z.object({ authorizationUrl: z.string(), reference: z.string() });

export const giftCardStatusBody = z
  .object({ reference: z.string().trim().min(6).max(80).optional(), id: uuid.optional() })
  .refine((value) => value.reference || value.id, {
    message: 'Give the payment reference or the card id',
    path: ['reference'],
  })
  .apply(atLeastOneField('Give the payment reference or the card id', ['reference', 'id']));

export const myCardsQuery = pageQuery.extend({
  sortBy: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(['DESC', 'ASC', 'desc', 'asc']).default('DESC'),
  status: z.enum(giftCardStatuses).optional(),
});

/** A card applied to the customer's cart. */
export const appliedGiftCardEntry = z.object({
  id: z.string(),
  last4: z.string(),
  balance: z.number(),
  appliedAt: isoDateTime,
});

export const applyGiftCardBody = z.object({ code: giftCardCode });

export const recalculateQuery = z.object({
  subtotal: z.coerce.number().pipe(nairaAmount).meta(nairaAmountRules),
  shippingFee: z.coerce.number().pipe(nairaAmount).meta(nairaAmountRules).default(0),
  discount: z.coerce.number().pipe(nairaAmount).meta(nairaAmountRules).default(0),
});

export const giftCardCoverage = z.object({
  /** subtotal + shippingFee − discount (never below 0). */
  total: z.number(),
  /** What the applied cards cover of the total, shipping included. */
  giftCardDiscount: z.number(),
  amountDue: z.number(),
  cards: z.array(z.object({ id: z.string(), last4: z.string(), balance: z.number(), covers: z.number() })),
});

export const adminGiftCardsQuery = pageQuery.extend({
  sortBy: z.enum(['createdAt', 'amount', 'balance']).default('createdAt'),
  startDate: dateQuery.optional(),
  endDate: dateQuery.optional(),
});

export const giftCardActivity = z.object({
  id: z.string(),
  giftCardId: z.string(),
  last4: z.string(),
  type: z.enum(giftCardActivityTypes),
  amount: z.number(),
  balanceAfter: z.number(),
  trackerId: z.string().nullable(),
  customerId: z.string().nullable(),
  createdAt: isoDateTime,
});

export const giftCardAnalyticsQuery = z.object({ startDate: dateQuery, endDate: dateQuery });

export const giftCardAnalytics = z.object({
  startDate: z.string(),
  endDate: z.string(),
  soldCount: z.number().int(),
  soldAmount: z.number(),
  redeemedAmount: z.number(),
  /** Balances of paid cards now, plus what checkouts hold and have not yet confirmed. */
  outstandingBalance: z.number(),
  byDay: z.array(
    z.object({
      date: z.string(),
      soldCount: z.number().int(),
      soldAmount: z.number(),
      redeemedAmount: z.number(),
    }),
  ),
});

// ---------- endpoints ----------

const tags = ['Gift cards'];

export const giftCardCustomerEndpoints = {
  purchase: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/gift-card/purchase',
    summary: 'Order a gift card (₦1,000 to ₦500,000); it waits for payment',
    tags,
    access: access.customer,
    idempotent: true,
    body: purchaseGiftCardBody,
    response: envelope(giftCard),
    status: 201,
  }),
  pay: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/gift-card/pay',
    summary: 'Start paying for your gift card; answers the payment page to open',
    tags,
    access: access.customer,
    idempotent: true,
    body: payGiftCardBody,
    response: envelope(giftCardPayment),
  }),
  status: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/gift-card/status',
    summary:
      'The state of your gift card by payment reference or id (checks a pending payment with the provider)',
    tags,
    access: access.customer,
    body: giftCardStatusBody,
    response: envelope(giftCard),
  }),
  myCards: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/gift-card/my-cards',
    summary: 'Gift cards you bought, newest first, with their codes once paid',
    tags,
    access: access.customer,
    query: myCardsQuery,
    response: envelope(z.object({ cards: z.array(giftCard), pagination })),
  }),
  applied: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/gift-card/applied',
    summary: 'Gift cards applied to your cart, in the order they are used',
    tags,
    access: access.customer,
    response: envelope(z.array(appliedGiftCardEntry)),
  }),
  apply: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/gift-card/apply',
    summary: 'Apply a gift card to your cart by its code',
    tags,
    access: access.customer,
    serverChecks: { code: 'must be a gift card with a balance' },
    body: applyGiftCardBody,
    response: envelope(z.array(appliedGiftCardEntry)),
  }),
  unapply: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/gift-card/apply/:id',
    summary: 'Take a gift card off your cart',
    tags,
    access: access.customer,
    params: z.object({ id: uuid }),
    response: messageOnly,
  }),
  recalculate: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/gift-card/recalculate-discount-with-shipping-fee',
    summary: 'What your applied gift cards cover of a total (items, shipping fee, less discount)',
    tags,
    access: access.customer,
    query: recalculateQuery,
    response: envelope(giftCardCoverage),
  }),
};

export const giftCardAdminEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/gift-card',
    summary: 'All gift cards, newest first by default, by creation date range',
    tags,
    access: access.admin('gift-cards:read'),
    query: adminGiftCardsQuery,
    response: envelope(z.object({ cards: z.array(adminGiftCard), pagination })),
  }),
  activities: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/gift-card/activities',
    summary: 'Every change of every gift card balance, newest first',
    tags,
    access: access.admin('gift-cards:read'),
    query: pageQuery,
    response: envelope(z.object({ activities: z.array(giftCardActivity), pagination })),
  }),
  analytics: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/analytics/gift-cards',
    summary: 'Gift cards sold and redeemed by day in a date range (UTC), and the balance outstanding',
    tags,
    access: access.admin('gift-cards:read'),
    serverChecks: { endDate: 'must not be before startDate' },
    query: giftCardAnalyticsQuery,
    response: envelope(giftCardAnalytics),
  }),
};
