import { type ReportCsvView, salesReportEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/open-file';
import type { SalesReportParams } from './get-sales-report';

export async function downloadSalesCsv(params: SalesReportParams & { view: ReportCsvView }) {
  // The endpoint answers the file itself (text/csv); the client reads it as a blob.
  return (await api(salesReportEndpoints.salesCsv, {
    kind: 'merchant',
    query: params,
    responseType: 'blob',
  })) as unknown as Blob;
}

/** Saves one view of the report as a CSV file (fetched with the session's token, so not a plain link). */
export function useDownloadSalesCsv() {
  return useMutation({
    mutationFn: async (params: SalesReportParams & { view: ReportCsvView }) =>
      saveBlob(await downloadSalesCsv(params), `sales-${params.view}-${params.from}-to-${params.to}.csv`),
  });
}
