import type {
  AdminTransaction,
  FinanceCsvView,
  FinancePoint,
  FinanceRangeQuery,
  FinanceReport,
  PaymentReport,
  TransactionDetail,
  TransactionStatus,
  TransactionsQuery,
} from '@market/contracts';
import { bound } from '../../platform/bound.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { ledgerChargedRates } from '../ledger/index.js';
import { commissionInvoicePdf as commissionInvoice } from './finance.commission-invoice.js';
import { financeReportCsv } from './finance.csv.js';
import {
  financeReport,
  findTransaction,
  listTransactions,
  refundsOwed,
  storeOf,
  type TransactionRow,
  trackerItems,
} from './finance.repository.js';
import {
  monthDays,
  type StoreTax,
  statementCsv as statementCsvOf,
  statementPdf as statementPdfOf,
} from './finance.statement.js';

const storeTaxOf = (store: StoreTax | undefined): StoreTax => ({
  tin: store?.tin ?? null,
  isVatRegistered: store?.isVatRegistered ?? false,
});

import { daysOf, lagosMoments } from './finance-range.js';

/** Every day of the range, quiet days as zero, so a chart shows them rather than skipping them. */
function fullSeries(from: string, to: string, points: FinancePoint[]): FinancePoint[] {
  const found = new Map(points.map((point) => [point.day, point]));
  return daysOf(from, to).map(
    (day) =>
      found.get(day) ?? {
        day,
        ordersCount: 0,
        totalOrderAmountKobo: 0,
        commissionKobo: 0,
        dueToMerchantKobo: 0,
        refundedKobo: 0,
      },
  );
}

/** Only the last four digits of a card ever leave the server (the provider gives no more). */
export function maskedCard(last4: string | null): string | null {
  if (!last4) return null;
  return `**** **** **** ${last4.slice(-4)}`;
}

function toTransaction(row: TransactionRow): AdminTransaction {
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return {
    id: row.id,
    orderTrackerId: row.tracker_id,
    transactionId: row.provider_transaction_id,
    amountKobo: Number(row.amount_kobo),
    reference: row.reference,
    purpose: row.purpose,
    feesKobo: row.fees_kobo === null ? null : Number(row.fees_kobo),
    date: new Date(row.date).toISOString(),
    customerName: name === '' ? null : name,
    customerEmail: row.customer_email,
    cardType: row.card_type,
    cardNumber: maskedCard(row.card_last4),
    bank: row.bank,
    country: row.country,
    ipAddress: row.ip_address,
    paymentChannel: row.channel,
    status: row.status as TransactionStatus,
    orderName: row.order_name,
    orderItemsCount: Number(row.items_count),
  };
}

/** What the finance functions share (ADR 091): the platform, and pay on delivery's remittance figures. */
interface FinanceContext {
  deps: Deps;
  db: Deps['db'];
  remittanceFigures: () => Promise<FinanceReport['remittances']>;
}

export async function report(ctx: FinanceContext, query: FinanceRangeQuery): Promise<FinanceReport> {
  const range = lagosMoments(query.from, query.to);
  const [rows, remittances, owed] = await Promise.all([
    financeReport(ctx.db, query),
    ctx.remittanceFigures(),
    refundsOwed(ctx.db, range),
  ]);
  return {
    from: query.from,
    to: query.to,
    startsAt: range.start.toISOString(),
    endsBefore: range.end.toISOString(),
    totals: { ...rows.totals, refundOwedKobo: [...owed.values()].reduce((sum, kobo) => sum + kobo, 0) },
    merchants: rows.merchants.map((merchant) => ({
      ...merchant,
      refundOwedKobo: owed.get(merchant.storeId) ?? 0,
    })),
    series: fullSeries(query.from, query.to, rows.series),
    remittances,
  };
}

export async function reportCsv(
  ctx: FinanceContext,
  query: FinanceRangeQuery & { view: FinanceCsvView },
): Promise<string> {
  return financeReportCsv(await report(ctx, query), query.view);
}

export async function paymentReport(
  ctx: FinanceContext,
  storeId: string,
  query: FinanceRangeQuery,
): Promise<PaymentReport> {
  const store = await storeOf(ctx.db, storeId);
  if (!store) throw notFound('Store not found');
  const range = lagosMoments(query.from, query.to);
  const [rows, rates, owed] = await Promise.all([
    financeReport(ctx.db, query, storeId),
    ledgerChargedRates(ctx.db, storeId, query),
    refundsOwed(ctx.db, range, storeId),
  ]);
  return {
    from: query.from,
    to: query.to,
    startsAt: range.start.toISOString(),
    endsBefore: range.end.toISOString(),
    storeName: store.storeName,
    paymentCategory: store.paymentCategory,
    commissionRatesBasisPoints: rates,
    totals: { ...rows.totals, refundOwedKobo: owed.get(storeId) ?? 0 },
    series: fullSeries(query.from, query.to, rows.series),
  };
}

/**
 * The store's monthly statement: the payment report of the month's days, the one function that reads them, so
 * the two agree to the kobo by construction (and a test holds them to it).
 */
export async function statementCsv(ctx: FinanceContext, storeId: string, month: string): Promise<string> {
  const [report, store] = await Promise.all([
    paymentReport(ctx, storeId, monthDays(month)),
    storeOf(ctx.db, storeId),
  ]);
  return statementCsvOf(month, report, ctx.deps.config.tax, storeTaxOf(store));
}

export async function statementPdf(ctx: FinanceContext, storeId: string, month: string): Promise<Buffer> {
  const [report, store] = await Promise.all([
    paymentReport(ctx, storeId, monthDays(month)),
    storeOf(ctx.db, storeId),
  ]);
  return statementPdfOf(month, report, ctx.deps.config.tax, ctx.deps.now(), storeTaxOf(store));
}

/** The month's commission invoice: the statement's figures (the same report), as the platform's VAT invoice. */
export async function commissionInvoicePdf(
  ctx: FinanceContext,
  storeId: string,
  month: string,
): Promise<Buffer> {
  const [report, store] = await Promise.all([
    paymentReport(ctx, storeId, monthDays(month)),
    storeOf(ctx.db, storeId),
  ]);
  return commissionInvoice(
    { storeId, month, report, issuedAt: ctx.deps.now() },
    ctx.deps.config.tax,
    storeTaxOf(store),
  );
}

export async function transactions(ctx: FinanceContext, query: TransactionsQuery) {
  const range = query.from && query.to ? lagosMoments(query.from, query.to) : undefined;
  const { rows, total } = await listTransactions(
    ctx.db,
    query,
    range,
    ctx.deps.config.transactions.exactCountUpTo,
  );
  return {
    transactions: rows.map(toTransaction),
    pagination: pageInfo(query.page, query.limit, total.count),
    countIsEstimate: total.estimated,
  };
}

export async function transaction(ctx: FinanceContext, id: string): Promise<TransactionDetail> {
  const row = await findTransaction(ctx.db, id);
  if (!row) throw notFound('Transaction not found');
  return {
    ...toTransaction(row),
    refundedKobo: Number(row.refunded_kobo),
    gatewayResponse: row.gateway_response,
    orderItems: row.tracker_id ? await trackerItems(ctx.db, row.tracker_id) : [],
  };
}

/**
 * Finance reports and payment transactions (ADR 028). The module owns no table: its repository is a read model
 * over orders, refunds, stores and their commission bands, customers and payment transactions.
 */
export function createFinanceService(
  deps: Deps,
  remittanceFigures: () => Promise<FinanceReport['remittances']>,
) {
  const ctx: FinanceContext = { deps, db: deps.db, remittanceFigures };
  return {
    report: bound(ctx, report),
    reportCsv: bound(ctx, reportCsv),
    paymentReport: bound(ctx, paymentReport),
    statementCsv: bound(ctx, statementCsv),
    statementPdf: bound(ctx, statementPdf),
    commissionInvoicePdf: bound(ctx, commissionInvoicePdf),
    transactions: bound(ctx, transactions),
    transaction: bound(ctx, transaction),
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
