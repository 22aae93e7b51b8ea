import { type FinanceCsvView, financeEndpoints, type TransactionStatus } from '@market/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/open-file';

/** The specification's failure message of the finance and payment reports (section 8). */
export const PAYMENT_REPORT_ERROR = 'Error getting payment report';

export interface FinanceRange {
  from: string;
  to: string;
}

export interface TransactionFilters {
  page: number;
  status?: TransactionStatus;
  channel?: string;
  from?: string;
  to?: string;
  search?: string;
}

export const TRANSACTIONS_PAGE_SIZE = 20;

export const financeKeys = {
  all: ['finance'] as const,
  report: (range: FinanceRange) => ['finance', 'report', range] as const,
  paymentReport: (range: FinanceRange) => ['finance', 'payment-report', range] as const,
  transactions: (filters: TransactionFilters) => ['finance', 'transactions', filters] as const,
  transaction: (id: string) => ['finance', 'transaction', id] as const,
};

export function financeReportQueryOptions(range: FinanceRange) {
  return queryOptions({
    queryKey: financeKeys.report(range),
    queryFn: async ({ signal }) =>
      (await api(financeEndpoints.report, { kind: 'admin', query: range, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: PAYMENT_REPORT_ERROR } },
  });
}

/** Every store's finance figures over a range of Lagos days; not asked while the range is not valid. */
export function useFinanceReport(range: FinanceRange, enabled = true) {
  return useQuery({ ...financeReportQueryOptions(range), enabled });
}

/** The caller's own store's payment report. */
export function usePaymentReport(range: FinanceRange, enabled = true) {
  return useQuery({
    queryKey: financeKeys.paymentReport(range),
    queryFn: async ({ signal }) =>
      (await api(financeEndpoints.paymentReport, { kind: 'merchant', query: range, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: PAYMENT_REPORT_ERROR } },
    enabled,
  });
}

/** Saves the finance report as CSV (fetched with the session's token, so not a plain link). */
export function useDownloadFinanceCsv() {
  return useMutation({
    mutationFn: async (params: FinanceRange & { view: FinanceCsvView }) => {
      // The endpoint answers the file itself (text/csv); the client reads it as a blob.
      const blob = (await api(financeEndpoints.reportCsv, {
        kind: 'admin',
        query: params,
        responseType: 'blob',
      })) as unknown as Blob;
      saveBlob(blob, `finance-${params.view}-${params.from}-to-${params.to}.csv`);
    },
    meta: { toast: { fallback: PAYMENT_REPORT_ERROR } },
  });
}

export function useTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: financeKeys.transactions(filters),
    queryFn: async ({ signal }) =>
      (
        await api(financeEndpoints.transactions, {
          kind: 'admin',
          query: { ...filters, limit: TRANSACTIONS_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(id: string) {
  return useQuery({
    queryKey: financeKeys.transaction(id),
    queryFn: async ({ signal }) =>
      (await api(financeEndpoints.transaction, { kind: 'admin', params: { id }, signal })).data,
  });
}

/** The month's papers: the statement as PDF or CSV, and the commission invoice (PDF). */
export type StatementFormat = 'pdf' | 'csv' | 'invoice';

const monthPapers = {
  pdf: { endpoint: financeEndpoints.statementPdf, file: (month: string) => `statement-${month}.pdf` },
  csv: { endpoint: financeEndpoints.statementCsv, file: (month: string) => `statement-${month}.csv` },
  invoice: {
    endpoint: financeEndpoints.commissionInvoicePdf,
    file: (month: string) => `commission-invoice-${month}.pdf`,
  },
} as const;

/** Saves one of the store's monthly papers, fetched with the session's token. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async ({ month, format }: { month: string; format: StatementFormat }) => {
      const paper = monthPapers[format];
      const blob = (await api(paper.endpoint, {
        kind: 'merchant',
        params: { month },
        responseType: 'blob',
      })) as unknown as Blob;
      saveBlob(blob, paper.file(month));
    },
    meta: { toast: { fallback: 'Could not download the statement. Try again.' } },
  });
}
