import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useLowStock } from '../api/low-stock';
import { StockBadge } from './product-badges';
import { QuantityEditor } from './quantity-editor';

/** Products at or under their stock alert, lowest first, with quick restocking. */
export function LowStockList() {
  const low = useLowStock();
  if (low.isPending) return <LoadingState label="Loading low stock…" />;
  if (low.isError)
    return <ErrorState message="Could not get products. Try again later." onRetry={() => low.refetch()} />;
  if (low.data.length === 0)
    return <EmptyState title="Nothing is running low">Every product is above its stock alert.</EmptyState>;
  return (
    <ul className="space-y-3">
      {low.data.map((product) => (
        <li
          key={product.id}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
        >
          <div className="min-w-0 flex-1">
            <Link
              to={`/merchant/products/${product.id}/edit`}
              className="font-semibold text-emerald-800 underline"
            >
              {product.name}
            </Link>
            <p className="text-sm text-slate-700">
              {product.quantity} left · alert at {product.stockAlertUnits}
            </p>
            <StockBadge status={product.stockStatus} />
          </div>
          <QuantityEditor key={`${product.id}-${product.quantity}`} product={product} />
        </li>
      ))}
    </ul>
  );
}
