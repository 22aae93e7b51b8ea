import type { PaymentReport } from '@market/contracts';
import { pdfNaira, renderPdf } from '../../platform/pdf.js';
import { commissionVat, type PlatformTax, percentText, type StoreTax } from './finance.statement.js';

// A store's commission invoice for a month (issue 35 item 8): the platform's tax invoice for the commission it
// kept, VAT included at the configured rate. Its figures are the monthly statement's (the same payment report of the
// month's Lagos days, read from the ledger), so the invoice, the statement and the payment report agree to the kobo.

/** The invoice's number: one per store per month, the same however often it is downloaded. */
export const commissionInvoiceNumber = (storeId: string, month: string) =>
  `COM-${month.replace('-', '')}-${storeId.slice(0, 8).toUpperCase()}`;

/** The three lines of the invoice: the commission before VAT, the VAT, and the commission with VAT. */
export function commissionInvoiceLines(report: PaymentReport, tax: PlatformTax) {
  const split = commissionVat(report.totals.commissionKobo, tax.vatBasisPoints);
  return [
    { label: 'Marketplace commission, before VAT', kobo: split.netKobo },
    { label: `VAT at ${percentText(tax.vatBasisPoints)}`, kobo: split.vatKobo },
    { label: 'Total commission, VAT included', kobo: split.grossKobo, strong: true },
  ];
}

export function commissionInvoicePdf(
  input: { storeId: string; month: string; report: PaymentReport; issuedAt: Date },
  tax: PlatformTax,
  store: StoreTax,
): Promise<Buffer> {
  const { storeId, month, report, issuedAt } = input;
  const lines = commissionInvoiceLines(report, tax);
  return renderPdf(
    {
      title: `Commission invoice ${month}`,
      issuer: [tax.legalName, `TIN ${tax.tin}`],
      facts: [
        { label: 'Invoice number', value: commissionInvoiceNumber(storeId, month) },
        { label: 'Billed to', value: report.storeName },
        ...(store.tin
          ? [
              {
                label: 'Store TIN',
                value: `${store.tin}${store.isVatRegistered ? ' (VAT registered)' : ''}`,
              },
            ]
          : []),
        { label: 'Period (Lagos days)', value: `${report.from} to ${report.to}` },
        { label: 'Paid orders in the period', value: String(report.totals.ordersCount) },
        { label: 'Issued', value: issuedAt.toISOString().slice(0, 10) },
      ],
      table: {
        columns: [
          { header: 'Description', width: 6 },
          { header: 'Amount', width: 3, align: 'right' },
        ],
        rows: [
          [`Commission on goods sold ${report.from} to ${report.to}`, pdfNaira(report.totals.commissionKobo)],
        ],
      },
      totals: lines.map((line) => ({ label: line.label, value: pdfNaira(line.kobo), strong: line.strong })),
      notes: [
        'The commission was kept from the sales as they were paid: nothing is left to pay on this invoice.',
        'Figures come from the ledger and equal the monthly statement and the payment report of the same days to the kobo.',
      ],
    },
    issuedAt,
  );
}
