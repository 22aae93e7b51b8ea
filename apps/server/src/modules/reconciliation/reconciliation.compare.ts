import type { ReconciliationDifferenceKind, ReconciliationSubject } from '@market/contracts';
import type {
  ProviderSettlement,
  ProviderTransaction,
  ProviderTransfer,
  StatementRefund,
} from '../../platform/payments/index.js';

// The rules of ADR 065, as a pure function of what the provider listed and what the books hold, so every rule is
// tested without a database. The window is [from, to); rows outside it on either side only serve as matches.

export interface Window {
  from: Date;
  to: Date;
}

export interface BooksPayment {
  reference: string;
  status: string;
  amountKobo: number;
  providerTransactionId: string | null;
  createdAt: Date;
}

export interface BooksRefund {
  reference: string;
  paymentReference: string;
  status: string;
  amountKobo: number;
  providerReference: string | null;
  createdAt: Date;
  processedAt: Date | null;
}

export interface BooksPayout {
  reference: string;
  status: string;
  amountKobo: number;
  transferCode: string | null;
  approvedAt: Date;
}

/** The shares the books posted as settled to one store on one Lagos day (subaccount mode, ADR 051). */
export interface BooksSettlementDay {
  storeId: string;
  subaccount: string | null;
  /** The Lagos day's start. */
  day: Date;
  amountKobo: number;
}

export interface DifferenceDraft {
  key: string;
  kind: ReconciliationDifferenceKind;
  subject: ReconciliationSubject;
  reference: string;
  providerId: string | null;
  booksAmountKobo: number | null;
  providerAmountKobo: number | null;
  booksStatus: string | null;
  providerStatus: string | null;
  detail: string;
  occurredAt: Date | null;
}

export interface Statements {
  transactions: ProviderTransaction[];
  refunds: StatementRefund[];
  transfers: ProviderTransfer[];
  /** Undefined outside subaccount settlement mode (nothing to compare). */
  settlements?: ProviderSettlement[];
}

export interface Books {
  /** Every payment the provider's rows name, and every payment of the window. */
  payments: BooksPayment[];
  refunds: BooksRefund[];
  payouts: BooksPayout[];
  settlements: BooksSettlementDay[];
  /** Subaccount codes the stores hold. */
  subaccounts: Set<string>;
}

const DAY_MS = 86_400_000;
const inWindow = (moment: Date | null, window: Window) =>
  moment !== null && moment >= window.from && moment < window.to;
/** The Lagos calendar day (YYYY-MM-DD) of a moment (UTC+1 all year). */
const lagosDate = (moment: Date) => new Date(moment.getTime() + 3_600_000).toISOString().slice(0, 10);
const naira = (kobo: number | null) =>
  kobo === null ? '—' : `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

/** The books' payment states that mean the customer paid (a mismatch was paid, with the wrong amount). */
const PAID = new Set(['success', 'mismatch']);
/** Paystack's transfer states after which no money left, or it came back. */
const TRANSFER_MOVED_NOTHING = new Set(['failed', 'abandoned', 'blocked', 'rejected']);
/** Paystack's refund states that gave nothing back. */
const REFUND_GAVE_NOTHING = new Set(['failed']);

/** Records one difference (its key is made of its kind, subject and reference). */
type Add = (draft: Omit<DifferenceDraft, 'key'>) => void;

/** Payments: matched by our reference. */
function comparePayments(window: Window, statements: Statements, books: Books, add: Add) {
  const paymentByReference = new Map(books.payments.map((payment) => [payment.reference, payment]));
  const listedSuccess = new Map<string, ProviderTransaction>();
  const listedAny = new Map<string, ProviderTransaction>();
  for (const transaction of statements.transactions) {
    listedAny.set(transaction.reference, transaction);
    if (transaction.status === 'success') listedSuccess.set(transaction.reference, transaction);
  }
  for (const transaction of listedSuccess.values()) {
    if (!inWindow(transaction.createdAt, window)) continue;
    const booked = paymentByReference.get(transaction.reference);
    const base = {
      subject: 'payment' as const,
      reference: transaction.reference,
      providerId: transaction.id,
      providerAmountKobo: transaction.amountKobo,
      providerStatus: transaction.status,
      occurredAt: transaction.createdAt,
    };
    if (!booked) {
      add({
        ...base,
        kind: 'payment_not_in_books',
        booksAmountKobo: null,
        booksStatus: null,
        detail: `Paystack holds a successful payment of ${naira(transaction.amountKobo)} under a reference the books never issued.`,
      });
      continue;
    }
    if (!PAID.has(booked.status)) {
      add({
        ...base,
        kind: 'payment_not_paid_in_books',
        booksAmountKobo: booked.amountKobo,
        booksStatus: booked.status,
        detail: `Paystack says this payment succeeded; the books still say “${booked.status}”.`,
      });
      continue;
    }
    if (booked.amountKobo !== transaction.amountKobo && booked.status !== 'mismatch') {
      add({
        ...base,
        kind: 'amount_differs',
        booksAmountKobo: booked.amountKobo,
        booksStatus: booked.status,
        detail: `Paystack took ${naira(transaction.amountKobo)}; the books expected ${naira(booked.amountKobo)}.`,
      });
    }
  }
  for (const payment of books.payments) {
    if (!PAID.has(payment.status) || !inWindow(payment.createdAt, window)) continue;
    if (listedSuccess.has(payment.reference)) continue;
    const listed = listedAny.get(payment.reference);
    add({
      kind: 'payment_not_at_provider',
      subject: 'payment',
      reference: payment.reference,
      providerId: listed?.id ?? payment.providerTransactionId,
      booksAmountKobo: payment.amountKobo,
      providerAmountKobo: listed?.amountKobo ?? null,
      booksStatus: payment.status,
      providerStatus: listed?.status ?? null,
      detail: listed
        ? `The books say paid; Paystack lists this payment as “${listed.status}”.`
        : 'The books say paid; Paystack lists no payment under this reference.',
      occurredAt: payment.createdAt,
    });
  }
}

/** What one listed refund of the window says against the books' refund it matched, if any. */
function refundDifference(
  add: Add,
  refund: StatementRefund,
  booked: BooksRefund | undefined,
  paymentReference: string | null,
) {
  const base = {
    subject: 'refund' as const,
    providerId: refund.id,
    providerAmountKobo: refund.amountKobo,
    providerStatus: refund.status,
    occurredAt: refund.createdAt,
  };
  if (!booked) {
    if (REFUND_GAVE_NOTHING.has(refund.status)) return;
    add({
      ...base,
      kind: 'refund_not_in_books',
      reference: refund.id,
      booksAmountKobo: null,
      booksStatus: null,
      detail: `Paystack refunded ${naira(refund.amountKobo)} of payment ${paymentReference ?? `#${refund.transactionId ?? '?'}`}; no refund in the books is this one.`,
    });
    return;
  }
  const matched = {
    ...base,
    reference: booked.reference,
    booksAmountKobo: booked.amountKobo,
    booksStatus: booked.status,
  };
  const providerGave = refund.status === 'processed';
  const booksGave = booked.status === 'processed';
  if (
    (providerGave && (booked.status === 'failed' || booked.status === 'rejected')) ||
    (REFUND_GAVE_NOTHING.has(refund.status) && booksGave)
  ) {
    add({
      ...matched,
      kind: 'status_differs',
      detail: `Paystack says the refund is “${refund.status}”; the books say “${booked.status}”.`,
    });
  } else if (booked.amountKobo !== refund.amountKobo) {
    add({
      ...matched,
      kind: 'amount_differs',
      detail: `Paystack refunded ${naira(refund.amountKobo)}; the books hold ${naira(booked.amountKobo)}.`,
    });
  }
}

/** Refunds: the provider's refund id, else the same payment and amount not yet matched. */
function compareRefunds(window: Window, statements: Statements, books: Books, add: Add) {
  const paymentByProviderId = new Map(
    books.payments
      .filter((payment) => payment.providerTransactionId !== null)
      .map((payment) => [payment.providerTransactionId!, payment]),
  );
  const refundByProviderId = new Map(
    books.refunds
      .filter((refund) => refund.providerReference !== null)
      .map((refund) => [refund.providerReference!, refund]),
  );
  const matchedRefunds = new Set<BooksRefund>();
  // Refunds named by id first, so a fallback match never takes a row another refund names.
  const byIdFirst = [...statements.refunds].sort(
    (a, b) => Number(refundByProviderId.has(b.id)) - Number(refundByProviderId.has(a.id)),
  );
  for (const refund of byIdFirst) {
    const paymentReference =
      refund.transactionReference ??
      (refund.transactionId ? (paymentByProviderId.get(refund.transactionId)?.reference ?? null) : null);
    let booked = refundByProviderId.get(refund.id);
    if (!booked && paymentReference) {
      booked = books.refunds.find(
        (candidate) =>
          !matchedRefunds.has(candidate) &&
          candidate.providerReference === null &&
          candidate.paymentReference === paymentReference &&
          candidate.amountKobo === refund.amountKobo,
      );
    }
    if (booked) matchedRefunds.add(booked);
    if (!inWindow(refund.createdAt, window)) continue;
    refundDifference(add, refund, booked, paymentReference);
  }
  for (const refund of books.refunds) {
    if (refund.status !== 'processed' || matchedRefunds.has(refund)) continue;
    if (!inWindow(refund.processedAt ?? refund.createdAt, window)) continue;
    add({
      kind: 'refund_not_at_provider',
      subject: 'refund',
      reference: refund.reference,
      providerId: refund.providerReference,
      booksAmountKobo: refund.amountKobo,
      providerAmountKobo: null,
      booksStatus: refund.status,
      providerStatus: null,
      detail: `The books say ${naira(refund.amountKobo)} went back on payment ${refund.paymentReference}; Paystack lists no such refund.`,
      occurredAt: refund.processedAt ?? refund.createdAt,
    });
  }
}

/** Transfers: matched by our payout reference. */
function compareTransfers(window: Window, statements: Statements, books: Books, add: Add) {
  const payoutByReference = new Map(books.payouts.map((payout) => [payout.reference, payout]));
  const listedTransfers = new Map(statements.transfers.map((transfer) => [transfer.reference, transfer]));
  for (const transfer of statements.transfers) {
    if (!inWindow(transfer.createdAt, window)) continue;
    const payout = payoutByReference.get(transfer.reference);
    const base = {
      subject: 'transfer' as const,
      reference: transfer.reference,
      providerId: transfer.transferCode,
      providerAmountKobo: transfer.amountKobo,
      providerStatus: transfer.status,
      occurredAt: transfer.createdAt,
    };
    if (!payout) {
      if (TRANSFER_MOVED_NOTHING.has(transfer.status)) continue;
      add({
        ...base,
        kind: 'transfer_without_payout',
        booksAmountKobo: null,
        booksStatus: null,
        detail: `Paystack sent (or is sending) ${naira(transfer.amountKobo)} under a reference no payout has.`,
      });
      continue;
    }
    const matched = { ...base, booksAmountKobo: payout.amountKobo, booksStatus: payout.status };
    const providerPaid = transfer.status === 'success';
    const providerUndone = TRANSFER_MOVED_NOTHING.has(transfer.status) || transfer.status === 'reversed';
    if (
      (payout.status === 'processed' && providerUndone) ||
      ((payout.status === 'failed' || payout.status === 'reversed') && providerPaid)
    ) {
      add({
        ...matched,
        kind: 'status_differs',
        detail: `Paystack says the transfer is “${transfer.status}”; the books say the payout is “${payout.status}”.`,
      });
    } else if (payout.amountKobo !== transfer.amountKobo) {
      add({
        ...matched,
        kind: 'amount_differs',
        detail: `Paystack transferred ${naira(transfer.amountKobo)}; the payout is ${naira(payout.amountKobo)}.`,
      });
    }
  }
  for (const payout of books.payouts) {
    if (payout.status !== 'processed' && payout.status !== 'processing') continue;
    if (!inWindow(payout.approvedAt, window) || listedTransfers.has(payout.reference)) continue;
    add({
      kind: 'payout_not_at_provider',
      subject: 'transfer',
      reference: payout.reference,
      providerId: payout.transferCode,
      booksAmountKobo: payout.amountKobo,
      providerAmountKobo: null,
      booksStatus: payout.status,
      providerStatus: null,
      detail: `The books say ${naira(payout.amountKobo)} was ${payout.status === 'processed' ? 'paid out' : 'sent'}; Paystack lists no transfer under this reference.`,
      occurredAt: payout.approvedAt,
    });
  }
}

/** Settlements (subaccount mode): per subaccount and day, T+1. */
function compareSettlements(window: Window, statements: Statements, books: Books, add: Add) {
  if (statements.settlements) {
    const settledAt = new Map<string, ProviderSettlement[]>();
    for (const settlement of statements.settlements) {
      if (!settlement.subaccount || !inWindow(settlement.settledAt, window)) continue;
      if (!books.subaccounts.has(settlement.subaccount)) {
        add({
          kind: 'settlement_unknown_subaccount',
          subject: 'settlement',
          reference: settlement.id,
          providerId: settlement.subaccount,
          booksAmountKobo: null,
          providerAmountKobo: settlement.amountKobo,
          booksStatus: null,
          providerStatus: settlement.status,
          detail: `Paystack settled ${naira(settlement.amountKobo)} to subaccount ${settlement.subaccount}, which no store holds.`,
          occurredAt: settlement.settledAt,
        });
        continue;
      }
      const day = new Date(
        Math.floor((settlement.settledAt!.getTime() + 3_600_000) / DAY_MS) * DAY_MS - 3_600_000 - DAY_MS,
      );
      const key = `${settlement.subaccount}|${day.toISOString()}`;
      settledAt.set(key, [...(settledAt.get(key) ?? []), settlement]);
    }
    const seen = new Set<string>();
    for (const booked of books.settlements) {
      const settles = new Date(booked.day.getTime() + DAY_MS);
      if (!booked.subaccount || !inWindow(settles, window)) continue;
      const key = `${booked.subaccount}|${booked.day.toISOString()}`;
      seen.add(key);
      const listed = settledAt.get(key) ?? [];
      const provider = listed.reduce((sum, one) => sum + one.amountKobo, 0);
      if (provider !== booked.amountKobo) {
        add({
          kind: 'settlement_differs',
          subject: 'settlement',
          reference: `${booked.subaccount} ${lagosDate(settles)}`,
          providerId: listed[0]?.id ?? null,
          booksAmountKobo: booked.amountKobo,
          providerAmountKobo: provider,
          booksStatus: 'settled',
          providerStatus: listed[0]?.status ?? null,
          detail: `The books settled ${naira(booked.amountKobo)} of the day's payments to this store; Paystack settled ${naira(provider)}.`,
          occurredAt: settles,
        });
      }
    }
    for (const [key, listed] of settledAt) {
      if (seen.has(key)) continue;
      const provider = listed.reduce((sum, one) => sum + one.amountKobo, 0);
      add({
        kind: 'settlement_differs',
        subject: 'settlement',
        reference: `${listed[0]!.subaccount} ${lagosDate(listed[0]!.settledAt!)}`,
        providerId: listed[0]!.id,
        booksAmountKobo: 0,
        providerAmountKobo: provider,
        booksStatus: null,
        providerStatus: listed[0]!.status,
        detail: `Paystack settled ${naira(provider)} to this store; the books posted no settlement for the day before.`,
        occurredAt: listed[0]!.settledAt,
      });
    }
  }
}

export function compareStatements(window: Window, statements: Statements, books: Books): DifferenceDraft[] {
  const differences: DifferenceDraft[] = [];
  const add: Add = (draft) => {
    differences.push({ ...draft, key: `${draft.kind}:${draft.subject}:${draft.reference}` });
  };

  comparePayments(window, statements, books, add);
  compareRefunds(window, statements, books, add);
  compareTransfers(window, statements, books, add);
  compareSettlements(window, statements, books, add);
  return differences;
}
