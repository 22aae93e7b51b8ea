import { type ApprovalStatus, approvalStatuses, type MerchantProduct } from '@market/contracts';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { ApprovalCounts } from '../../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { useDebounced } from '../../../lib/use-debounced';
import { useApproveProduct } from '../api/approve-product';
import { defaultAdminProductsParams, useAdminProducts } from '../api/list-admin-products';
import { useStoresForFilter } from '../api/list-stores-for-filter';
import { useRejectProduct } from '../api/reject-product';

const statusLabels: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const tones = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

function ProductCard({
  product,
  busy,
  onApprove,
  onReject,
}: {
  product: MerchantProduct;
  busy: boolean;
  onApprove(): void;
  onReject(): void;
}) {
  const pricing = product.pricing[0];
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex gap-3">
        {product.hostedImages[0] ? (
          <img src={product.hostedImages[0]} alt="" className="h-20 w-20 shrink-0 rounded object-cover" />
        ) : (
          <div aria-hidden="true" className="h-20 w-20 shrink-0 rounded bg-slate-100" />
        )}
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">{product.name}</p>
          <p className="text-sm text-slate-700">{product.storeName}</p>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {[product.category, product.subCategory, product.childCategory].filter(Boolean).join(' › ')}
      </p>
      {pricing ? (
        <p className="text-sm font-semibold text-slate-900">
          {formatNaira(nairaToKobo(pricing.sellingPrice))}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {product.quantity} in stock · {pluralize(product.variant.length, 'variant')}
      </p>
      <div className="mt-1">
        <Badge tone={tones[product.approvalStatus]}>{statusLabels[product.approvalStatus]}</Badge>
      </div>
      {product.rejectionReason ? (
        <p className="mt-1 text-sm text-red-800">Reason: {product.rejectionReason}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {product.approvalStatus !== 'approved' ? (
          <Button onClick={onApprove} disabled={busy} aria-label={`Approve ${product.name}`}>
            Approve
          </Button>
        ) : null}
        {product.approvalStatus !== 'rejected' ? (
          <Button
            variant="dangerGhost"
            onClick={onReject}
            disabled={busy}
            aria-label={`Reject ${product.name}`}
          >
            Reject
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The admin product approval queue: metrics, search, store and status filters, approve and reject. */
export function ProductQueue() {
  const [search, setSearch] = useState('');
  const [storeId, setStoreId] = useState('');
  const [approvalStatus, setApprovalStatus] = useState<ApprovalStatus | ''>('pending');
  const [page, setPage] = useState(defaultAdminProductsParams.page);
  const [toReject, setToReject] = useState<MerchantProduct | null>(null);
  const debounced = useDebounced(search.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [debounced, storeId, approvalStatus]);
  const list = useAdminProducts({
    page,
    limit: defaultAdminProductsParams.limit,
    search: debounced || undefined,
    storeId: storeId || undefined,
    approvalStatus: approvalStatus || undefined,
  });
  const stores = useStoresForFilter();
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const products = list.data?.products ?? [];

  return (
    <section aria-label="Product approval queue" className="space-y-4">
      <ApprovalCounts counts={list.data?.metrics} />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem_12rem]">
        <SearchField label="Search products" value={search} onSearch={setSearch} />
        <SelectField
          label="Store"
          value={storeId}
          onChange={(event) => setStoreId(event.target.value)}
          options={[
            { value: '', label: stores.isPending ? 'Loading stores…' : 'All stores' },
            ...(stores.data ?? []).map((store) => ({ value: store.id, label: store.storeName })),
          ]}
        />
        <SelectField
          label="Approval status"
          value={approvalStatus}
          onChange={(event) => setApprovalStatus(event.target.value as ApprovalStatus | '')}
          options={[
            { value: '', label: 'All' },
            ...approvalStatuses.map((value) => ({ value, label: statusLabels[value] })),
          ]}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading products…" />
      ) : list.isError ? (
        <ErrorState message="Could not get products. Try again later." onRetry={() => list.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState
          title={
            approvalStatus === 'pending' && !debounced && !storeId
              ? 'Nothing waiting for approval'
              : 'No products match'
          }
        />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isFetching}>
            {products.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                busy={approve.isPending || reject.isPending}
                onApprove={() => approve.mutate({ productId: product.id, merchantId: product.merchantId })}
                onReject={() => setToReject(product)}
              />
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
      <PromptDialog
        open={toReject !== null}
        title="Reject this product?"
        description={
          toReject
            ? `${toReject.name} from ${toReject.storeName}. The merchant receives your reason by mail.`
            : ''
        }
        label="Reason"
        confirmLabel="Reject product"
        busy={reject.isPending}
        onConfirm={(reason) =>
          toReject &&
          reject.mutate(
            { productId: toReject.id, merchantId: toReject.merchantId, reason },
            { onSuccess: () => setToReject(null) },
          )
        }
        onCancel={() => setToReject(null)}
      />
    </section>
  );
}
