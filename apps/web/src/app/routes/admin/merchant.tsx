import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { dayRangeProblem } from '../../../components/ui/lagos-day-range';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useMerchant } from '../../../features/merchants-admin/api/merchants';
import { MerchantProducts } from '../../../features/merchants-admin/components/merchant-products';
import { MerchantProfile } from '../../../features/merchants-admin/components/merchant-profile';
import {
  type ReportRange,
  ReportRangeFields,
} from '../../../features/reports/components/report-range-fields';
import { defaultReportRange } from '../../../features/reports/components/sales-report-screen';
import { SalesReportView } from '../../../features/reports/components/sales-report-view';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorToastMessage } from '../../../lib/toast-rules';
import { CatalogAdminOnly } from './catalog-admin-only';

function MerchantFigures({ merchantId }: { merchantId: string }) {
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange());
  const problem = dayRangeProblem(range.from, range.to);
  const detail = useMerchant(merchantId, range, problem === null);
  return (
    <section aria-labelledby="merchant-figures" className="space-y-4">
      <h2 id="merchant-figures" className="text-lg font-semibold text-slate-900">
        Sales
      </h2>
      <ReportRangeFields range={range} problem={problem} onChange={setRange} />
      {problem ? null : detail.isPending ? (
        <LoadingState label="Loading the store's sales…" />
      ) : detail.isError ? (
        <ErrorState
          title="Could not get merchant details. Try again later."
          message={errorToastMessage(detail.error) ?? undefined}
          onRetry={() => detail.refetch()}
        />
      ) : (
        <SalesReportView report={detail.data.report} busy={detail.isFetching} />
      )}
    </section>
  );
}

export function Component() {
  const { id = '' } = useParams();
  useDocumentTitle('Merchant');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Merchant" description="Profile, sales and products of one merchant's store." />
      <p className="mb-4">
        <Link to="/admin/merchants" className="inline-flex min-h-11 items-center text-emerald-800 underline">
          All merchants
        </Link>
      </p>
      <div className="space-y-6">
        <MerchantProfile merchantId={id} />
        <MerchantFigures merchantId={id} />
        <MerchantProducts merchantId={id} />
      </div>
    </CatalogAdminOnly>
  );
}
