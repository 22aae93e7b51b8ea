import {
  type FinanceCsvView,
  type FinanceReport,
  financeCsvViews,
  paymentCategoryLabels,
} from '@market/contracts';
import { useState } from 'react';
import { CsvDownload } from '../../../components/ui/csv-download';
import { dayRangeProblem } from '../../../components/ui/lagos-day-range';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateRange } from '../../../lib/dates';
import { labelFrom } from '../../../lib/labels';
import { formatNaira } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import {
  type FinanceRange,
  PAYMENT_REPORT_ERROR,
  useDownloadFinanceCsv,
  useFinanceReport,
} from '../api/finance';
import { FinanceSeries } from './finance-series';
import { FinanceTotalsGrid, formatBasisPoints, RemittanceTotals } from './finance-totals';
import { defaultFinanceRange, RangeFields } from './range-fields';

const viewLabels: Record<FinanceCsvView, string> = { merchants: 'Per merchant', series: 'By day' };

function ReportCsvDownload({ range }: { range: FinanceRange }) {
  const download = useDownloadFinanceCsv();
  return (
    <CsvDownload
      views={financeCsvViews}
      labels={viewLabels}
      initial="merchants"
      pending={download.isPending}
      onDownload={(view) => download.mutate({ ...range, view })}
      selectClassName="min-w-44"
    />
  );
}

const cell = 'p-2 text-right tabular-nums';
const headings = ['Orders', 'Order amount', 'Commission', 'Refunded', 'Due', 'Paid out', 'Payable'];

function MerchantsTable({ report }: { report: FinanceReport }) {
  return (
    <section
      aria-labelledby="finance-merchants"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="finance-merchants" className="mb-2 font-semibold text-slate-900">
        Per merchant
      </h3>
      <ScrollRegion label="Finance figures per merchant">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Finance figures per merchant, the most owed first</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="p-2">
                Store
              </th>
              {headings.map((heading) => (
                <th key={heading} scope="col" className="p-2 text-right">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.merchants.map((merchant) => (
              <tr key={merchant.storeId} className="border-b border-slate-100">
                <th scope="row" className="p-2 font-normal break-words">
                  <span className="font-medium text-slate-900">{merchant.storeName}</span>
                  <span className="block text-xs text-slate-700">
                    {merchant.merchantName} · {labelFrom(paymentCategoryLabels, merchant.paymentCategory)} ·{' '}
                    {formatBasisPoints(merchant.commissionBasisPoints)}
                  </span>
                </th>
                <td className={cell}>{merchant.ordersCount}</td>
                <td className={cell}>{formatNaira(merchant.totalOrderAmountKobo)}</td>
                <td className={cell}>{formatNaira(merchant.commissionKobo)}</td>
                <td className={cell}>
                  {formatNaira(merchant.refundedKobo - merchant.refundOwedKobo)}
                  {merchant.refundOwedKobo > 0 ? (
                    <span className="block text-xs text-red-800">
                      {formatNaira(merchant.refundOwedKobo)} owed
                    </span>
                  ) : null}
                </td>
                <td className={cell}>{formatNaira(merchant.dueToMerchantKobo)}</td>
                <td className={cell}>{formatNaira(merchant.paidOutKobo)}</td>
                <td className={cell}>{formatNaira(merchant.payableKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** The admin's finance report: a range of Lagos days, totals, a daily chart, every merchant, and a CSV. */
export function FinanceReportScreen({ initialRange }: { initialRange?: FinanceRange }) {
  const [range, setRange] = useState<FinanceRange>(() => initialRange ?? defaultFinanceRange());
  const problem = dayRangeProblem(range.from, range.to);
  const report = useFinanceReport(range, problem === null);

  let body = null;
  if (problem) body = null;
  else if (report.isPending) body = <LoadingState label="Loading the finance report…" />;
  else if (report.isError)
    body = (
      <ErrorState
        title={PAYMENT_REPORT_ERROR}
        message={errorToastMessage(report.error) ?? undefined}
        onRetry={() => report.refetch()}
      />
    );
  else if (report.data.totals.ordersCount === 0)
    body = (
      <EmptyState title="No paid orders in this range">
        Nothing was sold between {formatDateRange(report.data.from, report.data.to)}. Try a longer range.
      </EmptyState>
    );
  else
    body = (
      <div aria-busy={report.isFetching} className="space-y-4">
        <p className="text-sm text-slate-700">
          Paid orders placed {formatDateRange(report.data.from, report.data.to)} (Lagos days).
        </p>
        <FinanceTotalsGrid totals={report.data.totals} label="All merchants" />
        <RemittanceTotals figures={report.data.remittances} />
        <FinanceSeries series={report.data.series} title="Order amounts, due and commission" />
        <MerchantsTable report={report.data} />
      </div>
    );

  return (
    <section aria-labelledby="finance-report" className="space-y-4">
      <h2 id="finance-report" className="sr-only">
        Finance report
      </h2>
      <RangeFields range={range} problem={problem} onChange={setRange} />
      {problem ? null : <ReportCsvDownload range={range} />}
      {body}
    </section>
  );
}
