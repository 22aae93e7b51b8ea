import type {
  AdminMerchant,
  AdminMerchantDetail,
  AdminMerchantProfile,
  ReportCsvView,
  SalesReport,
  SalesReportQuery,
  TopMerchant,
} from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { adminProductList } from '../catalog/index.js';
import { merchantOnboarding } from '../stores/index.js';
import { bucketStarts, lagosRange } from './report-range.js';
import { salesReportCsv as csvOf } from './reports.csv.js';
import {
  findMerchant,
  lifetimeFigures,
  listMerchants as listMerchantRows,
  type MerchantRow,
  storeSalesReport,
  topStores,
} from './reports.repository.js';

const storeSummary = (row: MerchantRow) => ({
  id: row.store.id,
  storeName: row.store.storeName,
  storeUrl: row.store.storeUrl,
  approvalStatus: row.store.approvalStatus,
  isVisible: row.store.isVisible,
});

const merchantSummary = (row: MerchantRow) => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  store: storeSummary(row),
});

/** What the reports' functions share (ADR 091): the database and the clock. */
interface ReportsContext {
  db: Db;
  now(): Date;
}

export async function salesReport(
  ctx: ReportsContext,
  storeId: string,
  query: SalesReportQuery,
): Promise<SalesReport> {
  const range = lagosRange(query.from, query.to);
  const rows = await storeSalesReport(ctx.db, storeId, range, query.granularity);
  // Every bucket of the range is present, so a chart shows quiet days as zero rather than skipping them.
  const found = new Map(rows.series.map((point) => [point.start, point]));
  const series = bucketStarts(query.from, query.to, query.granularity).map(
    (start) =>
      found.get(start) ?? {
        start,
        ordersCount: 0,
        netSalesKobo: 0,
        discountKobo: 0,
        returnedOrdersCount: 0,
      },
  );
  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    startsAt: range.start.toISOString(),
    endsBefore: range.end.toISOString(),
    ...rows,
    series,
  };
}

async function requireMerchant(ctx: ReportsContext, merchantId: string): Promise<MerchantRow> {
  const row = await findMerchant(ctx.db, merchantId);
  if (!row) throw notFound('Merchant not found');
  return row;
}

export async function salesReportCsv(
  ctx: ReportsContext,
  storeId: string,
  query: SalesReportQuery & { view: ReportCsvView },
) {
  return csvOf(await salesReport(ctx, storeId, query), query.view);
}

export async function listMerchants(
  ctx: ReportsContext,
  query: { page: number; limit: number; search?: string },
) {
  const { rows, total } = await listMerchantRows(ctx.db, query);
  const figures = await lifetimeFigures(
    ctx.db,
    rows.map((row) => row.store.id),
  );
  const merchants: AdminMerchant[] = rows.map((row) => ({
    ...merchantSummary(row),
    ordersCount: figures.get(row.store.id)?.ordersCount ?? 0,
    netSalesKobo: figures.get(row.store.id)?.netSalesKobo ?? 0,
  }));
  return { merchants, pagination: pageInfo(query.page, query.limit, total) };
}

export async function topMerchants(
  ctx: ReportsContext,
  query: { from: string; to: string; limit: number },
): Promise<TopMerchant[]> {
  return topStores(ctx.db, query, query.limit);
}

export async function merchant(
  ctx: ReportsContext,
  merchantId: string,
  query: SalesReportQuery,
): Promise<AdminMerchantDetail> {
  const row = await requireMerchant(ctx, merchantId);
  return { merchant: merchantSummary(row), report: await salesReport(ctx, row.store.id, query) };
}

export async function profile(ctx: ReportsContext, merchantId: string): Promise<AdminMerchantProfile> {
  const row = await requireMerchant(ctx, merchantId);
  const onboarding = await merchantOnboarding(ctx.db, merchantId);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    store: {
      ...storeSummary(row),
      officeAddress: row.store.officeAddress,
      storePhoneNumber: row.store.storePhoneNumber,
      isRegisteredBusiness: row.store.isRegisteredBusiness,
      paymentCategory: row.store.paymentCategory,
    },
    // The identity number and the documents stay with store approval, which shows them to approvers.
    onboarding: {
      percentageComplete: onboarding.percentageComplete,
      dateOfBirth: onboarding.dateOfBirth,
      nationality: onboarding.nationality,
      idDocumentType: onboarding.idDocumentType,
      hasIdDocument: onboarding.idDocumentFileId !== null,
      hasProofOfAddress: onboarding.proofOfAddressFileId !== null,
      homeAddress: onboarding.homeAddress,
      staffSize: onboarding.staffSize,
      category: onboarding.category,
    },
  };
}

export async function merchantProducts(
  ctx: ReportsContext,
  merchantId: string,
  query: { page: number; limit: number; search?: string },
) {
  await requireMerchant(ctx, merchantId);
  const found = await adminProductList(ctx.db, ctx.now(), { ...query, merchantId });
  return { products: found.products, pagination: found.pagination };
}

/**
 * Sales reports of a store and the admin's merchants with their figures. The module owns no table: its repository
 * is a read model over orders, users and stores (ADR 025).
 */
export function createReportsService(deps: Deps) {
  const ctx: ReportsContext = { db: deps.db, now: () => deps.now() };
  return {
    salesReport: bound(ctx, salesReport),
    salesReportCsv: bound(ctx, salesReportCsv),
    listMerchants: bound(ctx, listMerchants),
    topMerchants: bound(ctx, topMerchants),
    merchant: bound(ctx, merchant),
    profile: bound(ctx, profile),
    merchantProducts: bound(ctx, merchantProducts),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
