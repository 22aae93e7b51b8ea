import { type ReportCsvView, reportCsvViews } from '@market/contracts';
import { useState } from 'react';
import { CsvDownload } from '../../../components/ui/csv-download';
import { dayRangeProblem } from '../../../components/ui/lagos-day-range';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { lagosDaysAgo } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDownloadSalesCsv } from '../api/download-sales-csv';
import { SALES_REPORT_ERROR, useSalesReport } from '../api/get-sales-report';
import { type ReportRange, ReportRangeFields } from './report-range-fields';
import { SalesReportView } from './sales-report-view';

const viewLabels: Record<ReportCsvView, string> = {
  series: 'Sales over time',
  products: 'By product',
  customers: 'By customer',
  locations: 'By location (state and LGA)',
};

/** The last 30 Lagos days, by day. */
export function defaultReportRange(now: Date = new Date()): ReportRange {
  return { from: lagosDaysAgo(29, now), to: lagosDaysAgo(0, now), granularity: 'day' };
}

function ReportCsvDownload({ range }: { range: ReportRange }) {
  const download = useDownloadSalesCsv();
  return (
    <CsvDownload
      views={reportCsvViews}
      labels={viewLabels}
      initial="series"
      pending={download.isPending}
      onDownload={(view) => download.mutate({ ...range, view })}
      selectClassName="min-w-52"
    />
  );
}

/** The merchant's sales report: a range of Lagos days, totals, a chart, breakdowns and CSV downloads. */
export function SalesReportScreen({ initialRange }: { initialRange?: ReportRange }) {
  const [range, setRange] = useState<ReportRange>(() => initialRange ?? defaultReportRange());
  const problem = dayRangeProblem(range.from, range.to);
  const report = useSalesReport(range, problem === null);

  let body = null;
  if (problem) body = null;
  else if (report.isPending) body = <LoadingState label="Loading your sales report…" />;
  else if (report.isError) {
    const refused = isApiError(report.error) && report.error.status === 403;
    body = refused ? (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        Your role in this store does not include sales reports. Ask the store owner if you need them.
      </p>
    ) : (
      <ErrorState
        title={SALES_REPORT_ERROR}
        message={errorToastMessage(report.error) ?? undefined}
        onRetry={() => report.refetch()}
      />
    );
  } else body = <SalesReportView report={report.data} busy={report.isFetching} />;

  return (
    <section aria-labelledby="sales-report" className="space-y-4">
      <h2 id="sales-report" className="sr-only">
        Sales report
      </h2>
      <ReportRangeFields range={range} problem={problem} onChange={setRange} />
      {problem ? null : <ReportCsvDownload range={range} />}
      {body}
    </section>
  );
}
