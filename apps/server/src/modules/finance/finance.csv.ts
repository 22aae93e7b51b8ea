import type { FinanceCsvView, FinanceReport, FinanceTotals } from '@market/contracts';
import { csvLines } from '../../platform/csv.js';

// CSV of the finance report (RFC 4180, formula-safe through platform/csv). Money is naira with two decimals and no
// separators, written from kobo with integer arithmetic, so a spreadsheet reads it as a number.

export function nairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const totalsHeader = [
  'Orders',
  'Total order amount (NGN)',
  'Total sales order amount (NGN)',
  'Total delivery amount (NGN)',
  'Discounts (NGN)',
  'Commission (NGN)',
  'Commission percentage',
  'Refunded (NGN)',
  'Refund owed (NGN)',
  'Due to merchant (NGN)',
  'Paid out (NGN)',
  'Payable (NGN)',
  'Not yet payable (NGN)',
];

/** Basis points as a percentage with two decimals (750 → 7.50). */
const percent = (basisPoints: number) => nairaText(basisPoints);

const totalsCells = (totals: FinanceTotals) => [
  totals.ordersCount,
  nairaText(totals.totalOrderAmountKobo),
  nairaText(totals.totalSalesOrderAmountKobo),
  nairaText(totals.totalDeliveryAmountKobo),
  nairaText(totals.discountKobo),
  nairaText(totals.commissionKobo),
  percent(totals.commissionBasisPoints),
  // As the screens say it (issue 34, item 14): a refund booked but not at the customer is owed, never "refunded".
  nairaText(totals.refundedKobo - totals.refundOwedKobo),
  nairaText(totals.refundOwedKobo),
  nairaText(totals.dueToMerchantKobo),
  nairaText(totals.paidOutKobo),
  nairaText(totals.payableKobo),
  nairaText(totals.notYetPayableKobo),
];

/** One day of a money series as a spreadsheet row: the finance report's and a store's monthly statement's. */
export function seriesRow(point: FinanceReport['series'][number]) {
  return [
    point.day,
    point.ordersCount,
    nairaText(point.totalOrderAmountKobo),
    nairaText(point.commissionKobo),
    nairaText(point.dueToMerchantKobo),
    nairaText(point.refundedKobo),
  ];
}

export function financeReportCsv(report: FinanceReport, view: FinanceCsvView): string {
  if (view === 'series')
    return csvLines([
      [
        'Day',
        'Orders',
        'Total order amount (NGN)',
        'Commission (NGN)',
        'Due to merchant (NGN)',
        // The daily series counts a refund on the day it is booked, whether or not it has reached the customer.
        'Refunds booked (NGN)',
      ],
      ...report.series.map(seriesRow),
    ]);
  return csvLines([
    ['Store ID', 'Store', 'Merchant', 'Payment category', ...totalsHeader],
    ...report.merchants.map((merchant) => [
      merchant.storeId,
      merchant.storeName,
      merchant.merchantName,
      merchant.paymentCategory,
      ...totalsCells(merchant),
    ]),
    ['', 'All merchants', '', '', ...totalsCells(report.totals)],
  ]);
}
