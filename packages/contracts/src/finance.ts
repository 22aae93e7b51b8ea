import { z } from 'zod';
import { access } from './access.js';
import { boundedDay, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';
import { bothOrNeither, dayRangeRules, publishRules } from './published-rules.js';
import { REPORT_MAX_DAYS, reportRangeProblem } from './reports.js';

// Finance and transactions (issue 8): the admin's finance report over a range of Lagos days (section 3's finance
// report totals, per merchant and overall, with a daily series), its CSV, the payment transactions list and detail,
// and a store's own payment report. Money is integer kobo. An order counts on the Lagos day it was placed, once its
// checkout was paid (the same rule as the sales reports, ADR 025); refunds are the order's booked refunds that were
// not rejected.

const day = boundedDay;
const kobo = z.number().int();
const count = z.number().int();

function checkRange(value: { from: string; to: string }, context: z.RefinementCtx) {
  const problem = reportRangeProblem(value.from, value.to);
  if (problem) context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}

/** The document's words for `checkRange` (ADR 085). */
const publishDayRange = <S extends z.ZodType>(schema: S) =>
  publishRules(schema, dayRangeRules(REPORT_MAX_DAYS));

export const financeRangeQuery = z
  .object({ from: day, to: day })
  .superRefine(checkRange)
  .apply(publishDayRange);
export type FinanceRangeQuery = z.output<typeof financeRangeQuery>;

export const financeCsvViews = ['merchants', 'series'] as const;
export type FinanceCsvView = (typeof financeCsvViews)[number];
export const financeCsvQuery = z
  .object({ from: day, to: day, view: z.enum(financeCsvViews).default('merchants') })
  .superRefine(checkRange)
  .apply(publishDayRange);
export type FinanceCsvQuery = z.output<typeof financeCsvQuery>;

/** Section 3's finance report totals, over the paid orders of a range (one store's or every store's). */
export const financeTotals = z.object({
  /** Paid orders placed in the range, including those later cancelled or returned. */
  ordersCount: count,
  /** What customers paid for those orders: goods after discounts plus delivery (kobo). */
  totalOrderAmountKobo: kobo,
  /** Goods after discounts: item subtotals less discounts (kobo). */
  totalSalesOrderAmountKobo: kobo,
  /** Delivery fees (kobo); they go to whoever delivers, never to the store. */
  totalDeliveryAmountKobo: kobo,
  /** Discounts given (funded by the stores' coupons) (kobo). */
  discountKobo: kobo,
  /** The platform's commission on the item subtotals (kobo). */
  commissionKobo: kobo,
  /** commission ÷ item subtotals, in basis points (750 = 7.5 %), rounded half up; 0 with no sales. */
  commissionBasisPoints: count,
  /** Booked refunds (cash and gift card) not rejected, goods and delivery alike (kobo). */
  refundedKobo: kobo,
  /**
   * Of refundedKobo, what has not reached the customers yet: refunds waiting, failed (retried or for an admin to
   * decide) or whose provider answer is unknown (kobo). Screens show refunded − owed as "Refunded" and this apart.
   */
  refundOwedKobo: kobo,
  /** What the stores are owed for those orders: item subtotal less commission, discount and refunded goods (kobo). */
  dueToMerchantKobo: kobo,
  /** Of dueToMerchant, already paid out by a processed payout (kobo). */
  paidOutKobo: kobo,
  /** Of dueToMerchant, payable (the order completed) and not paid out yet (kobo). */
  payableKobo: kobo,
  /** Of dueToMerchant, not payable yet: the order is still in progress or inside its return window (kobo). */
  notYetPayableKobo: kobo,
});
export type FinanceTotals = z.infer<typeof financeTotals>;

export const merchantFinance = financeTotals.extend({
  storeId: uuid,
  storeName: z.string(),
  merchantId: uuid,
  merchantName: z.string(),
  /** The store's payment category today (its band of commission). */
  paymentCategory: z.string(),
});
export type MerchantFinance = z.infer<typeof merchantFinance>;

export const financePoint = z.object({
  /** The Lagos day, YYYY-MM-DD. */
  day: z.string(),
  ordersCount: count,
  totalOrderAmountKobo: kobo,
  commissionKobo: kobo,
  dueToMerchantKobo: kobo,
  refundedKobo: kobo,
});
export type FinancePoint = z.infer<typeof financePoint>;

export const financeReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Lagos midnight of `from` and Lagos midnight after `to`. */
  startsAt: isoDateTime,
  endsBefore: isoDateTime,
  totals: financeTotals,
  /** Every store that sold in the range, the most owed first. */
  merchants: z.array(merchantFinance),
  /** One point per Lagos day of the range, quiet days as zero. */
  series: z.array(financePoint),
  /**
   * Section 3's remittance fields (pay on delivery, ADR 074), as balances today from the ledger: cash carriers
   * collected at the door (fees included), remitted to the platform, and outstanding, in all and per carrier.
   */
  remittances: z.object({
    collectedKobo: kobo,
    remittedKobo: kobo,
    outstandingKobo: kobo,
    byCarrier: z.array(
      z.object({
        carrierId: z.string(),
        carrierName: z.string(),
        collectedKobo: kobo,
        remittedKobo: kobo,
        outstandingKobo: kobo,
      }),
    ),
  }),
});
export type FinanceReport = z.infer<typeof financeReport>;
export type RemittanceFigures = FinanceReport['remittances'];

/** A store's own payment report: what it sold, the commission, refunds, what it is owed and what was paid. */
export const paymentReport = z.object({
  from: z.string(),
  to: z.string(),
  startsAt: isoDateTime,
  endsBefore: isoDateTime,
  storeName: z.string(),
  paymentCategory: z.string(),
  /**
   * The commission rates the range's orders were charged, in basis points, lowest first (one unless the store's
   * payment category changed in the range). Commission is this rate of the goods at the store's prices, before the
   * store's own coupon (ADR 083); `totals.commissionBasisPoints` is commission ÷ goods kept, which refunds move.
   */
  commissionRatesBasisPoints: z.array(count),
  totals: financeTotals,
  series: z.array(financePoint),
});
export type PaymentReport = z.infer<typeof paymentReport>;

// ---------- transactions ----------

export const transactionStatuses = ['initialized', 'success', 'failed', 'abandoned', 'mismatch'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const transactionsQuery = pageQuery
  .extend({
    status: z.enum(transactionStatuses).optional(),
    /** The payment channel the provider reported (card, bank, ussd, bank_transfer, …). */
    channel: z.string().trim().min(1).max(40).optional(),
    from: day.optional(),
    to: day.optional(),
    /** A reference, a customer's name or e-mail, or an order name. */
    search: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((value, context) => {
    if (value.from && value.to) checkRange({ from: value.from, to: value.to }, context);
    else if (value.from || value.to)
      context.addIssue({
        code: 'custom',
        path: [value.from ? 'to' : 'from'],
        message: 'Give both dates of the range',
      });
  })
  .apply((schema) => {
    const both = bothOrNeither('from', 'to');
    return publishRules(schema, [...dayRangeRules(REPORT_MAX_DAYS), both.rule], {
      dependentRequired: both.dependentRequired,
    });
  });
export type TransactionsQuery = z.output<typeof transactionsQuery>;

/** Section 3's Transaction. The card number is masked to its last four digits. */
export const adminTransaction = z.object({
  id: uuid,
  /** The checkout (order tracker) the payment paid, when it paid one. */
  orderTrackerId: uuid.nullable(),
  /** The provider's id of the transaction. */
  transactionId: z.string().nullable(),
  amountKobo: kobo,
  reference: z.string(),
  /** What the domain of the payment is: checkout, gift card, subscription… (the reference's prefix). */
  purpose: z.string(),
  feesKobo: kobo.nullable(),
  /** When it was paid, or else when it started. */
  date: isoDateTime,
  customerName: z.string().nullable(),
  customerEmail: z.string(),
  cardType: z.string().nullable(),
  /** `**** **** **** 4081`, or null when no card paid. */
  cardNumber: z.string().nullable(),
  bank: z.string().nullable(),
  country: z.string().nullable(),
  ipAddress: z.string().nullable(),
  paymentChannel: z.string().nullable(),
  status: z.enum(transactionStatuses),
  /** The orders the checkout paid, comma-separated (one per store). */
  orderName: z.string().nullable(),
  /** How many order lines the checkout paid. */
  orderItemsCount: count,
});
export type AdminTransaction = z.infer<typeof adminTransaction>;

export const transactionOrderItem = z.object({
  orderName: z.string(),
  storeName: z.string(),
  productName: z.string(),
  quantity: count,
  unitPriceKobo: kobo,
});
export type TransactionOrderItem = z.infer<typeof transactionOrderItem>;

export const transactionDetail = adminTransaction.extend({
  refundedKobo: kobo,
  gatewayResponse: z.string().nullable(),
  orderItems: z.array(transactionOrderItem),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;

const adminTags = ['Admin finance'];
const merchantTags = ['Merchant finance'];

/** A calendar month, `YYYY-MM`, from 2020 on. */
export const statementMonth = z
  .string()
  .regex(/^20[2-9]\d-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM, for example 2026-11');
const statementParams = z.object({ month: statementMonth });

export const financeEndpoints = {
  report: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/finance/reports',
    summary:
      'Finance report of a range of Lagos days: totals (due to merchants, commission, sales, orders, delivery, remittance), per merchant, and a daily series',
    tags: adminTags,
    access: access.admin('finance:read'),
    query: financeRangeQuery,
    response: envelope(financeReport),
  }),
  reportCsv: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/finance/reports.csv',
    summary:
      'The finance report per merchant (with a total line) or by day, as a CSV file (text/csv); cells that a spreadsheet would run as a formula are prefixed with an apostrophe',
    tags: adminTags,
    access: access.admin('finance:read'),
    query: financeCsvQuery,
    response: z.string(),
    produces: 'text/csv',
  }),
  transactions: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/transactions',
    summary:
      'Payment transactions, newest first, paged; filtered by status, channel and Lagos days, searched by reference, customer name or e-mail, or order name',
    tags: adminTags,
    access: access.admin('transactions:read'),
    query: transactionsQuery,
    response: envelope(
      z.object({
        transactions: z.array(adminTransaction),
        /** `totalItems` (and so `totalPages`) is exact, or, when `countIsEstimate`, PostgreSQL's estimate (ADR 114). */
        pagination,
        countIsEstimate: z.boolean(),
      }),
    ),
  }),
  transaction: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/transactions/:id',
    summary: 'One payment transaction with the order lines it paid',
    tags: adminTags,
    access: access.admin('transactions:read'),
    params: z.object({ id: uuid }),
    response: envelope(transactionDetail),
  }),
  statementCsv: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/statements/:month/csv',
    summary:
      "The store's monthly statement as CSV: sales, refunds, commission with VAT and the platform's TIN, payouts (the payment report's figures for the month)",
    tags: merchantTags,
    access: access.merchant('payouts:read'),
    params: statementParams,
    response: z.string(),
    produces: 'text/csv',
  }),
  statementPdf: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/statements/:month/pdf',
    summary: "The store's monthly statement as a PDF, the same figures as its CSV",
    tags: merchantTags,
    access: access.merchant('payouts:read'),
    params: statementParams,
    response: z.string(),
    produces: 'application/pdf',
  }),
  commissionInvoicePdf: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/invoices/commission/:month/pdf',
    summary:
      "The store's commission invoice for a month as a PDF: the commission before VAT, the VAT at the platform's rate and the total, with the platform's TIN and the store's if recorded (the monthly statement's figures)",
    tags: merchantTags,
    access: access.merchant('payouts:read'),
    params: statementParams,
    response: z.string(),
    produces: 'application/pdf',
  }),
  paymentReport: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/payment-report',
    summary:
      "The store's payment report for a range of Lagos days: sold, commission, refunds, due and paid out, with a daily series",
    tags: merchantTags,
    access: access.merchant('payouts:read'),
    query: financeRangeQuery,
    response: envelope(paymentReport),
  }),
};
