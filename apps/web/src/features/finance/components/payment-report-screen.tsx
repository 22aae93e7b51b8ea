import { paymentCategoryLabels } from '@market/contracts';
import { useState } from 'react';
import { dayRangeProblem } from '../../../components/ui/lagos-day-range';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateRange } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { labelFrom } from '../../../lib/labels';
import { errorToastMessage } from '../../../lib/toast-rules';
import { type FinanceRange, PAYMENT_REPORT_ERROR, usePaymentReport } from '../api/finance';
import { FinanceSeries } from './finance-series';
import { FinanceTotalsGrid } from './finance-totals';
import { defaultFinanceRange, RangeFields } from './range-fields';
import { StatementDownloads } from './statement-downloads';

/** The store's own payment report: what it sold, the commission, refunds, what it is owed and what was paid. */
export function PaymentReportScreen({ initialRange }: { initialRange?: FinanceRange }) {
  const [range, setRange] = useState<FinanceRange>(() => initialRange ?? defaultFinanceRange());
  const problem = dayRangeProblem(range.from, range.to);
  const report = usePaymentReport(range, problem === null);

  let body = null;
  if (problem) body = null;
  else if (report.isPending) body = <LoadingState label="Loading your payment report…" />;
  else if (report.isError) {
    const refused = isApiError(report.error) && report.error.status === 403;
    body = refused ? (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        Your role in this store does not include payments. Ask the store owner if you need them.
      </p>
    ) : (
      <ErrorState
        title={PAYMENT_REPORT_ERROR}
        message={errorToastMessage(report.error) ?? undefined}
        onRetry={() => report.refetch()}
      />
    );
  } else if (report.data.totals.ordersCount === 0)
    body = (
      <EmptyState title="No paid orders in this range">
        Your store sold nothing between {formatDateRange(report.data.from, report.data.to)}.
      </EmptyState>
    );
  else
    body = (
      <div aria-busy={report.isFetching} className="space-y-4">
        <p className="text-sm text-slate-700">
          {report.data.storeName} · payment category{' '}
          {labelFrom(paymentCategoryLabels, report.data.paymentCategory)} · paid orders placed{' '}
          {formatDateRange(report.data.from, report.data.to)} (Lagos days). Due is what you are owed after
          commission, discounts and refunds; it becomes payable once an order completes. These figures count
          only these days; your Payouts page shows the balance of every order.
        </p>
        <FinanceTotalsGrid totals={report.data.totals} label="Your store" />
        <FinanceSeries series={report.data.series} title="Sales, due and commission by day" />
      </div>
    );

  return (
    <section aria-labelledby="payment-report" className="space-y-4">
      <h2 id="payment-report" className="sr-only">
        Payment report
      </h2>
      <RangeFields range={range} problem={problem} onChange={setRange} />
      {body}
      <StatementDownloads />
    </section>
  );
}
