import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';
import { dayRangeRules, publishRules } from './published-rules.js';

// Reconciliation with the payment provider (issue 29 item 2, ADR 065): a run lists what the provider holds for a
// window of Lagos days (transactions, refunds, transfers and, in subaccount settlement mode, settlements) and compares
// it with the books. Each difference says what it is and what an admin should do; the screen only reports, and an
// admin may mark a difference explained with a note. Money is integer kobo.

const tags = ['Reconciliation'];
const day = z.iso.date('Use a YYYY-MM-DD date');
const kobo = z.number().int();

/** The longest window one run may cover (a run pages through every provider row of it). */
export const RECONCILIATION_MAX_DAYS = 31;

export const reconciliationDifferenceKinds = [
  'payment_not_in_books',
  'payment_not_paid_in_books',
  'payment_not_at_provider',
  'refund_not_in_books',
  'refund_not_at_provider',
  'transfer_without_payout',
  'payout_not_at_provider',
  'status_differs',
  'amount_differs',
  'settlement_unknown_subaccount',
  'settlement_differs',
] as const;
export type ReconciliationDifferenceKind = (typeof reconciliationDifferenceKinds)[number];

export const reconciliationSubjects = ['payment', 'refund', 'transfer', 'settlement'] as const;
export type ReconciliationSubject = (typeof reconciliationSubjects)[number];

/** What each kind of difference is, in the words the admin reads, and what to do about it. */
export const reconciliationKindLabels: Record<
  ReconciliationDifferenceKind,
  { title: string; action: string }
> = {
  payment_not_in_books: {
    title: 'Paid at Paystack, not in the books',
    action:
      'Find who made this payment (its reference and e-mail at Paystack). If no order can be served for it, refund it from the Paystack dashboard.',
  },
  payment_not_paid_in_books: {
    title: 'Payment succeeded at Paystack, checkout not paid',
    action:
      'Open the payment under Finance › Transactions and verify it: the checkout is then paid as usual. If its order can no longer be served, refund it.',
  },
  payment_not_at_provider: {
    title: 'Paid in the books, not at Paystack',
    action:
      'Look the reference up in the Paystack dashboard before any goods leave. If Paystack has no successful payment, hold the orders and ask the customer.',
  },
  refund_not_in_books: {
    title: 'Refunded at Paystack, not in the books',
    action:
      'The customer already has this money back: do not refund again. Match it to the order it was for, or ask Paystack to reverse it if it was a mistake.',
  },
  refund_not_at_provider: {
    title: 'Refund in the books, not at Paystack',
    action:
      'Check the refund in the Paystack dashboard. If Paystack never made it, the customer has not been paid: retry it from Returns › Refunds.',
  },
  transfer_without_payout: {
    title: 'Transfer at Paystack, no payout',
    action:
      'Money left the Paystack balance with no payout in the books. Find its recipient in the Paystack dashboard and recover it, or record why it was sent.',
  },
  payout_not_at_provider: {
    title: 'Payout in the books, not at Paystack',
    action:
      'The books say this store was paid, but Paystack has no transfer. Confirm with the store before paying again; never approve a second payout blindly.',
  },
  status_differs: {
    title: 'Status differs',
    action:
      'Paystack and the books disagree on how this ended. Paystack is the record of what happened to the money: check it there and settle the row to match.',
  },
  amount_differs: {
    title: 'Amount differs',
    action:
      'Paystack and the books hold different amounts under the same reference. Check the amount in the Paystack dashboard and find which side is wrong.',
  },
  settlement_unknown_subaccount: {
    title: 'Settlement to a subaccount no store has',
    action:
      'Paystack settled money to a subaccount that is not any store’s. Check the subaccount in the Paystack dashboard and deactivate it if it is not ours.',
  },
  settlement_differs: {
    title: 'Settled amount differs from the books',
    action:
      'What Paystack settled to this store differs from its shares in the books for the day before. Compare the settlement’s transactions in the Paystack dashboard.',
  },
};

export const reconciliationRunStatuses = ['running', 'done', 'failed'] as const;
export const reconciliationTriggers = ['schedule', 'admin'] as const;

export const reconciliationRun = z.object({
  id: uuid,
  /** The window's Lagos days, both ends counted. */
  from: day,
  to: day,
  status: z.enum(reconciliationRunStatuses),
  trigger: z.enum(reconciliationTriggers),
  provider: z.string(),
  startedBy: z.string().nullable(),
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** Rows the provider listed for the window, by kind. */
  listed: z.object({
    transactions: z.number().int(),
    refunds: z.number().int(),
    transfers: z.number().int(),
    settlements: z.number().int(),
  }),
  differenceCount: z.number().int(),
  /** Why a failed run stopped (the provider did not answer, …). */
  failure: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

export const reconciliationDifference = z.object({
  id: uuid,
  runId: uuid,
  kind: z.enum(reconciliationDifferenceKinds),
  subject: z.enum(reconciliationSubjects),
  title: z.string(),
  action: z.string(),
  /** Our reference (CHK-…, RFD-…, pay_…) or, for what only the provider knows, the provider's. */
  reference: z.string(),
  /** The provider's id of the row (transaction id, refund id, transfer code, settlement id). */
  providerId: z.string().nullable(),
  booksAmountKobo: kobo.nullable(),
  providerAmountKobo: kobo.nullable(),
  booksStatus: z.string().nullable(),
  providerStatus: z.string().nullable(),
  /** A sentence on what was compared. */
  detail: z.string(),
  occurredAt: isoDateTime.nullable(),
  explainedAt: isoDateTime.nullable(),
  explainedBy: z.string().nullable(),
  explanation: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifference>;

export const reconciliationRunBody = z
  .object({ from: day, to: day })
  .superRefine((value, context) => {
    if (value.to < value.from) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date cannot be before the start date',
      });
      return;
    }
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days > RECONCILIATION_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose at most ${RECONCILIATION_MAX_DAYS} days`,
      });
    }
  })
  .apply((schema) => publishRules(schema, dayRangeRules(RECONCILIATION_MAX_DAYS)));
export type ReconciliationRunBody = z.output<typeof reconciliationRunBody>;

export const reconciliationDifferenceFilters = ['open', 'explained', 'all'] as const;
export const reconciliationViewQuery = z.object({
  /** A run of the list; the newest finished run when absent. */
  runId: uuid.optional(),
  show: z.enum(reconciliationDifferenceFilters).default('open'),
});

export const reconciliationView = z.object({
  run: reconciliationRun.nullable(),
  differences: z.array(reconciliationDifference),
  /** Differences of the run by state, whatever `show` is. */
  open: z.number().int(),
  explained: z.number().int(),
});
export type ReconciliationView = z.infer<typeof reconciliationView>;

export const explainDifferenceBody = z.object({
  note: z
    .string()
    .trim()
    .min(5, 'Say in a few words why this difference is explained')
    .max(1000, 'Keep the note under 1,000 characters'),
});

export const reconciliationEndpoints = {
  view: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/reconciliation',
    summary: 'A reconciliation run (the newest finished one unless `runId` is given) and its differences',
    tags,
    access: access.admin('finance:read'),
    query: reconciliationViewQuery,
    response: envelope(reconciliationView),
    errors: [404],
  }),
  runs: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/reconciliation/runs',
    summary: 'Reconciliation runs, newest first',
    tags,
    access: access.admin('finance:read'),
    query: pageQuery,
    response: envelope(z.object({ runs: z.array(reconciliationRun), pagination })),
  }),
  run: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/reconciliation/runs',
    summary:
      "Reconcile a window of Lagos days now: page through the provider's transactions, refunds, transfers (and settlements in subaccount mode) and compare them with the books. Moves no money.",
    tags,
    access: access.admin('finance:payouts'),
    body: reconciliationRunBody,
    response: envelope(reconciliationView),
    status: 201,
    errors: [503],
  }),
  explain: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/reconciliation/differences/:differenceId/explain',
    summary: 'Mark a difference explained with a note (who and when are recorded); moves no money',
    tags,
    access: access.admin('finance:payouts'),
    params: z.object({ differenceId: uuid }),
    body: explainDifferenceBody,
    response: envelope(reconciliationDifference),
    errors: [404, 409],
  }),
};
