import { type ApprovalStatus, approvalStatuses, type StockStatus } from '@market/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { useDebounced } from '../../../lib/use-debounced';
import { useMyProducts } from '../api/list-my-products';
import { ApprovalBadge, StockBadge } from './product-badges';
import { QuantityEditor } from './quantity-editor';

const PAGE_SIZE = 12;
const statusLabels: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The merchant's products: search, approval and stock filters, pages, quick stock edits. */
/** `canChange`: the role holds `products:write` (a "See"-only role gets no stock editor or add link). */
export function ProductsList({ canChange = true }: { canChange?: boolean } = {}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ApprovalStatus | ''>('');
  const [stock, setStock] = useState<StockStatus | ''>('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [debounced, status, stock]);
  const list = useMyProducts({
    page,
    limit: PAGE_SIZE,
    search: debounced || undefined,
    status: status || undefined,
    stock: stock || undefined,
  });
  const products = list.data?.products ?? [];
  const filtered = Boolean(debounced || status || stock);

  return (
    <section aria-label="Your products" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchField label="Search products" value={search} onSearch={setSearch} />
        <SelectField
          label="Approval"
          value={status}
          onChange={(event) => setStatus(event.target.value as ApprovalStatus | '')}
          options={[
            { value: '', label: 'All' },
            ...approvalStatuses.map((value) => ({ value, label: statusLabels[value] })),
          ]}
        />
        <SelectField
          label="Stock"
          value={stock}
          onChange={(event) => setStock(event.target.value as StockStatus | '')}
          options={[
            { value: '', label: 'All' },
            { value: 'in', label: 'In stock' },
            { value: 'low', label: 'Low stock' },
            { value: 'out', label: 'Out of stock' },
          ]}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading products…" />
      ) : list.isError ? (
        <ErrorState message="Could not get products. Try again later." onRetry={() => list.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState title={filtered ? 'No products match' : 'No products yet'}>
          {filtered ? (
            'Try another search or filter.'
          ) : canChange ? (
            <Link to="/merchant/products/new" className="font-semibold text-emerald-800 underline">
              Add your first product
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-busy={list.isFetching}>
            {products.map((product) => (
              <li
                key={product.id}
                className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
              >
                {product.hostedImages[0] ? (
                  <img
                    src={product.hostedImages[0]}
                    alt=""
                    className="h-16 w-16 shrink-0 rounded object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-slate-100" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{product.name}</p>
                  <p className="text-sm text-slate-700">
                    SKU {product.sku} · {formatNaira(nairaToKobo(product.pricing[0]?.sellingPrice ?? 0))}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <ApprovalBadge status={product.approvalStatus} />
                    <StockBadge status={product.stockStatus} />
                  </div>
                  {product.approvalStatus === 'rejected' && product.rejectionReason ? (
                    <p className="mt-1 text-sm text-red-800">Rejected: {product.rejectionReason}</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  {canChange ? (
                    <QuantityEditor key={`${product.id}-${product.quantity}`} product={product} />
                  ) : null}
                  <Link
                    to={`/merchant/products/${product.id}/edit`}
                    className={buttonClasses('secondary')}
                    aria-label={`${canChange ? 'Edit' : 'View'} ${product.name}`}
                  >
                    {canChange ? 'Edit' : 'View'}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          {list.data?.pagination ? (
            <Pager
              label="Pages of products"
              pagination={list.data.pagination}
              noun="product"
              onPage={setPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
