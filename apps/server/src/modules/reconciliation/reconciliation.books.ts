import { and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
// Read model (ADR 010/047, listed in the boundary test): reconciliation compares the provider's statements with the
// books as they stand, so it reads the payments, refunds, payouts and settlement postings of their owners' tables,
// and never writes them.
import { storeBankAccounts } from '../bank-accounts/bank-accounts.schema.js';
import { ledgerEntries, payouts } from '../ledger/ledger.schema.js';
import { orderRefunds } from '../orders/orders.schema.js';
import { paymentTransactions } from '../payments/payments.schema.js';
import type { Books, Statements, Window } from './reconciliation.compare.js';

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;
/** inArray lists are sent in chunks, well under any driver's parameter limit. */
const CHUNK = 500;

async function chunked<T>(values: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values)];
  const rows: T[] = [];
  for (let start = 0; start < unique.length; start += CHUNK) {
    rows.push(...(await read(unique.slice(start, start + CHUNK))));
  }
  return rows;
}

/** The payments the provider's rows name (by reference or by its id), and this provider's of the window. */
async function readPayments(db: Db, provider: string, window: Window, statements: Statements) {
  const paymentColumns = {
    reference: paymentTransactions.reference,
    status: paymentTransactions.status,
    amountKobo: paymentTransactions.amountKobo,
    providerTransactionId: paymentTransactions.providerTransactionId,
    createdAt: paymentTransactions.createdAt,
  };
  const named = [
    ...statements.transactions.map((one) => one.reference),
    ...statements.refunds.flatMap((one) => (one.transactionReference ? [one.transactionReference] : [])),
  ];
  const namedIds = statements.refunds.flatMap((one) => (one.transactionId ? [one.transactionId] : []));
  const byReference = await chunked(named, (chunk) =>
    db.select(paymentColumns).from(paymentTransactions).where(inArray(paymentTransactions.reference, chunk)),
  );
  const byProviderId = await chunked(namedIds, (chunk) =>
    db
      .select(paymentColumns)
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.providerTransactionId, chunk)),
  );
  const ofWindow = await db
    .select(paymentColumns)
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, provider as 'paystack' | 'sandbox'),
        gte(paymentTransactions.createdAt, window.from),
        lt(paymentTransactions.createdAt, window.to),
      ),
    );
  const payments = new Map([...byReference, ...byProviderId, ...ofWindow].map((row) => [row.reference, row]));
  return { payments: [...payments.values()], byProviderId };
}

/** Refunds sent to the provider: named by it, of a payment it names, or processed in the window. */
async function readRefunds(
  db: Db,
  window: Window,
  statements: Statements,
  byProviderId: { reference: string }[],
): Promise<Books['refunds']> {
  const refundColumns = {
    reference: orderRefunds.reference,
    paymentReference: orderRefunds.paymentReference,
    status: orderRefunds.status,
    amountKobo: orderRefunds.amountKobo,
    providerReference: orderRefunds.providerReference,
    createdAt: orderRefunds.createdAt,
    processedAt: orderRefunds.processedAt,
  };
  const refundPayments = [
    ...statements.refunds.flatMap((one) => (one.transactionReference ? [one.transactionReference] : [])),
    ...byProviderId.map((row) => row.reference),
  ];
  const refundIds = statements.refunds.map((one) => one.id);
  const toProvider = eq(orderRefunds.destination, 'provider');
  const refundRows = [
    ...(await chunked(refundIds, (chunk) =>
      db
        .select(refundColumns)
        .from(orderRefunds)
        .where(and(toProvider, inArray(orderRefunds.providerReference, chunk))),
    )),
    ...(await chunked(refundPayments, (chunk) =>
      db
        .select(refundColumns)
        .from(orderRefunds)
        .where(and(toProvider, inArray(orderRefunds.paymentReference, chunk))),
    )),
    ...(await db
      .select(refundColumns)
      .from(orderRefunds)
      .where(
        and(
          toProvider,
          eq(orderRefunds.status, 'processed'),
          or(
            and(gte(orderRefunds.processedAt, window.from), lt(orderRefunds.processedAt, window.to)),
            and(gte(orderRefunds.createdAt, window.from), lt(orderRefunds.createdAt, window.to)),
          ),
        ),
      )),
  ];
  const refunds = new Map(refundRows.map((row) => [row.reference, row]));
  return [...refunds.values()];
}

/** Payouts named by a transfer or approved in the window. */
async function readPayouts(db: Db, window: Window, statements: Statements): Promise<Books['payouts']> {
  const payoutColumns = {
    reference: payouts.reference,
    status: payouts.status,
    amountKobo: payouts.amountKobo,
    transferCode: payouts.transferCode,
    approvedAt: payouts.approvedAt,
  };
  const payoutRows = [
    ...(await chunked(
      statements.transfers.map((one) => one.reference),
      (chunk) => db.select(payoutColumns).from(payouts).where(inArray(payouts.reference, chunk)),
    )),
    ...(await db
      .select(payoutColumns)
      .from(payouts)
      .where(and(gte(payouts.approvedAt, window.from), lt(payouts.approvedAt, window.to)))),
  ];
  const payoutsByReference = new Map(payoutRows.map((row) => [row.reference, row]));
  return [...payoutsByReference.values()];
}

/** Subaccount mode: the settlement postings per store and Lagos day, from the day before the window (T+1). */
async function readSettlements(db: Db, window: Window): Promise<Pick<Books, 'settlements' | 'subaccounts'>> {
  const accounts = await db
    .select({ storeId: storeBankAccounts.storeId, subaccountCode: storeBankAccounts.subaccountCode })
    .from(storeBankAccounts)
    .where(isNotNull(storeBankAccounts.subaccountCode));
  const subaccountOf = new Map(accounts.map((one) => [one.storeId, one.subaccountCode!]));
  // The Lagos day (its start) of each settlement posting, from the day before the window (settled T+1).
  const lagosDay = sql<string>`date_trunc('day', (${ledgerEntries.createdAt} at time zone 'UTC') + interval '1 hour')`;
  const posted = await db
    .select({
      storeId: ledgerEntries.storeId,
      day: sql<string>`to_char(${lagosDay}, 'YYYY-MM-DD')`,
      amountKobo: sql<string>`sum(${ledgerEntries.amountKobo})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'settlement'),
        eq(ledgerEntries.account, 'merchant_payable'),
        gte(ledgerEntries.createdAt, new Date(window.from.getTime() - DAY_MS)),
        lt(ledgerEntries.createdAt, window.to),
      ),
    )
    .groupBy(ledgerEntries.storeId, lagosDay);
  const settlements = posted.map((row) => ({
    storeId: row.storeId!,
    subaccount: subaccountOf.get(row.storeId!) ?? null,
    day: new Date(Date.parse(`${row.day}T00:00:00Z`) - LAGOS_OFFSET_MS),
    amountKobo: Number(row.amountKobo),
  }));
  return { settlements, subaccounts: new Set(subaccountOf.values()) };
}

/**
 * What the books hold for a window and for every row the provider listed: payments (of this provider) by reference
 * and created in the window, provider refunds named by the provider or processed in the window, payouts named by a
 * transfer or approved in the window, and (subaccount mode) the settlement postings of the day before each day.
 */
export async function readBooks(
  db: Db,
  provider: string,
  window: Window,
  statements: Statements,
): Promise<Books> {
  const { payments, byProviderId } = await readPayments(db, provider, window, statements);
  const refunds = await readRefunds(db, window, statements, byProviderId);
  const payoutRows = await readPayouts(db, window, statements);
  const { settlements, subaccounts } = statements.settlements
    ? await readSettlements(db, window)
    : { settlements: [], subaccounts: new Set<string>() };
  return { payments, refunds, payouts: payoutRows, settlements, subaccounts };
}
