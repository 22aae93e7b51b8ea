import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { labelFrom } from '../../../lib/labels';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDebounced } from '../../../lib/use-debounced';
import { useMerchantProducts } from '../api/merchants';

const tone = { approved: 'green', pending: 'amber', rejected: 'red' } as const;

/** Search one merchant's products by name or SKU. */
export function MerchantProducts({ merchantId }: { merchantId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const found = useMerchantProducts(merchantId, page, debounced);
  return (
    <section
      aria-labelledby="merchant-products"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="merchant-products" className="text-lg font-semibold text-slate-900">
        Products
      </h2>
      <TextField
        label="Search this merchant's products"
        type="search"
        placeholder="Name or SKU"
        value={search}
        className="sm:max-w-md"
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {found.isPending ? (
        <LoadingState label="Loading products…" />
      ) : found.isError ? (
        <ErrorState
          title="Could not get products. Try again later."
          message={errorToastMessage(found.error) ?? undefined}
          onRetry={() => found.refetch()}
        />
      ) : found.data.products.length === 0 ? (
        <EmptyState
          title={debounced ? 'No product matches this search' : 'This merchant has no products yet'}
        />
      ) : (
        <>
          <ul aria-busy={found.isFetching} className="divide-y divide-slate-200">
            {found.data.products.map((product) => (
              <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  {product.name} <span className="text-sm text-slate-700">· {product.sku}</span>
                </span>
                <Badge tone={tone[product.approvalStatus]}>{labelFrom({}, product.approvalStatus)}</Badge>
              </li>
            ))}
          </ul>
          <Pager label="Product pages" pagination={found.data.pagination} noun="product" onPage={setPage} />
        </>
      )}
    </section>
  );
}
