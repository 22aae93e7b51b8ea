import { type PaymentReport, vatIncluded } from '@market/contracts';
import { csvLines } from '../../platform/csv.js';
import { type PdfLine, pdfNaira, renderPdf } from '../../platform/pdf.js';
import { nairaText, seriesRow } from './finance.csv.js';

// A store's monthly statement (issue 35 item 8): the payment report of the month's Lagos days, the very same
// figures (the same function reads the books), with the commission shown as a VAT invoice: the commission is what
// the platform kept, VAT included at the platform's rate, so net + VAT is the commission to the kobo.

/** The platform's tax identity, from the configuration. */
export interface PlatformTax {
  legalName: string;
  tin: string;
  vatBasisPoints: number;
}

/** The store's own tax identity, printed when it recorded a TIN. */
export interface StoreTax {
  tin: string | null;
  isVatRegistered: boolean;
}

const noStoreTax: StoreTax = { tin: null, isVatRegistered: false };

/** The first and last Lagos day of a `YYYY-MM` month. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The VAT inside a commission; a negative commission (more given back than kept) splits the same way, signed. */
export function commissionVat(commissionKobo: number, basisPoints: number) {
  const sign = commissionKobo < 0 ? -1 : 1;
  const { netKobo, vatKobo } = vatIncluded(Math.abs(commissionKobo), basisPoints);
  return { grossKobo: commissionKobo, netKobo: sign * netKobo, vatKobo: sign * vatKobo };
}

/** Basis points as a percentage for people: 750 → "7.5 %". */
export const percentText = (basisPoints: number) =>
  `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** The statement's lines, in the order both the CSV and the PDF show them. */
export function statementLines(report: PaymentReport, tax: PlatformTax) {
  const totals = report.totals;
  const commission = commissionVat(totals.commissionKobo, tax.vatBasisPoints);
  return [
    { label: 'Sales: goods after discounts', kobo: totals.totalSalesOrderAmountKobo },
    { label: 'Delivery fees paid by customers', kobo: totals.totalDeliveryAmountKobo },
    { label: 'Discounts given', kobo: totals.discountKobo },
    { label: 'Refunds', kobo: totals.refundedKobo },
    { label: 'Commission before VAT', kobo: commission.netKobo },
    { label: `VAT on commission (${percentText(tax.vatBasisPoints)})`, kobo: commission.vatKobo },
    { label: 'Commission with VAT', kobo: commission.grossKobo, strong: true },
    { label: 'Due to the store', kobo: totals.dueToMerchantKobo, strong: true },
    { label: 'Paid out', kobo: totals.paidOutKobo },
    { label: 'Payable, not yet paid out', kobo: totals.payableKobo },
    { label: 'Not yet payable (in progress or return window)', kobo: totals.notYetPayableKobo },
  ];
}

export function statementCsv(
  month: string,
  report: PaymentReport,
  tax: PlatformTax,
  store: StoreTax = noStoreTax,
): string {
  return csvLines([
    ['Monthly statement', month],
    ['Store', report.storeName],
    ...(store.tin
      ? [
          ['Store TIN', store.tin],
          ['Store VAT registered', store.isVatRegistered ? 'Yes' : 'No'],
        ]
      : []),
    ['Period (Lagos days)', `${report.from} to ${report.to}`],
    ['Issued by', tax.legalName],
    ['Platform TIN', tax.tin],
    ['Orders', report.totals.ordersCount],
    [],
    ['Item', 'Amount (NGN)'],
    ...statementLines(report, tax).map((line) => [line.label, nairaText(line.kobo)]),
    [],
    ['Day', 'Orders', 'Total order amount (NGN)', 'Commission (NGN)', 'Due to store (NGN)', 'Refunded (NGN)'],
    ...report.series.map(seriesRow),
  ]);
}

export function statementPdf(
  month: string,
  report: PaymentReport,
  tax: PlatformTax,
  issuedAt: Date,
  store: StoreTax = noStoreTax,
): Promise<Buffer> {
  const lines = statementLines(report, tax);
  const totals: PdfLine[] = lines.map((line) => ({
    label: line.label,
    value: pdfNaira(line.kobo),
    strong: line.strong,
  }));
  const active = report.series.filter((point) => point.ordersCount > 0 || point.refundedKobo !== 0);
  return renderPdf(
    {
      title: `Monthly statement ${month}`,
      issuer: [
        tax.legalName,
        `TIN ${tax.tin}`,
        `VAT ${percentText(tax.vatBasisPoints)} on the platform's services`,
      ],
      facts: [
        { label: 'Store', value: report.storeName },
        ...(store.tin
          ? [
              {
                label: 'Store TIN',
                value: `${store.tin}${store.isVatRegistered ? ' (VAT registered)' : ''}`,
              },
            ]
          : []),
        { label: 'Period (Lagos days)', value: `${report.from} to ${report.to}` },
        { label: 'Paid orders placed in the period', value: String(report.totals.ordersCount) },
        { label: 'Issued', value: issuedAt.toISOString().slice(0, 10) },
      ],
      table:
        active.length > 0
          ? {
              columns: [
                { header: 'Day', width: 2 },
                { header: 'Orders', width: 1, align: 'right' },
                { header: 'Order amount', width: 2.2, align: 'right' },
                { header: 'Commission', width: 2, align: 'right' },
                { header: 'Due to store', width: 2.2, align: 'right' },
                { header: 'Refunded', width: 2, align: 'right' },
              ],
              rows: active.map((point) => [
                point.day,
                String(point.ordersCount),
                pdfNaira(point.totalOrderAmountKobo),
                pdfNaira(point.commissionKobo),
                pdfNaira(point.dueToMerchantKobo),
                pdfNaira(point.refundedKobo),
              ]),
            }
          : undefined,
      totals,
      notes: [
        'Figures come from the ledger and equal the payment report of the same days to the kobo.',
        'An order counts on the Lagos day it was placed, once paid. Commission is the platform’s, VAT included; the VAT line is the platform’s output VAT on it.',
      ],
    },
    issuedAt,
  );
}
