import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateRange } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useTopMerchants } from '../api/merchants';

/** The ten merchants whose stores sold the most in the range (net sales of kept orders). */
export function TopMerchants({ from, to }: { from: string; to: string }) {
  const top = useTopMerchants(from, to);
  return (
    <section
      aria-labelledby="top-merchants"
      className="space-y-2 self-start rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="top-merchants" className="text-lg font-semibold text-slate-900">
        Top merchants
      </h2>
      <p className="text-sm text-slate-700">{formatDateRange(from, to)}, Lagos days.</p>
      {top.isPending ? (
        <LoadingState label="Loading top merchants…" />
      ) : top.isError ? (
        <ErrorState message={errorToastMessage(top.error) ?? undefined} onRetry={() => top.refetch()} />
      ) : top.data.length === 0 ? (
        <EmptyState title="No sales in these days" />
      ) : (
        <ol className="list-decimal space-y-1 pl-6">
          {top.data.map((merchant) => (
            <li key={merchant.storeId} className="min-h-11">
              <Link to={`/admin/merchants/${merchant.merchantId}`} className="text-emerald-800 underline">
                {merchant.storeName}
              </Link>{' '}
              <span className="text-sm text-slate-700">
                ({merchant.name}): {formatNaira(merchant.netSalesKobo)},{' '}
                {pluralize(merchant.ordersCount, 'order')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
