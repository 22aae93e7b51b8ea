import { OrderCard } from '../../../components/ui/order-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { formatApiNaira } from '../../../lib/money';
import { useDebounced } from '../../../lib/use-debounced';
import { useOrderSearch } from '../api/search-orders';
import { ChainStatusBadge } from './status-badge';

const matchedByText = {
  orderName: 'order number',
  phone: 'customer phone',
  email: 'customer e-mail',
  name: "customer's name",
} as const;

/** One box for every store's orders: order number, customer phone (any form), e-mail or name. */
export function OrderSearch({ q, onChange }: { q: string; onChange(next: string): void }) {
  const debounced = useDebounced(q, 300);
  const search = useOrderSearch(debounced);
  return (
    <div className="space-y-4">
      <search>
        <SearchField
          label="Search orders across stores"
          hint="Order number (NM-…), customer phone (0803…, +234803…), e-mail, or part of the customer's name"
          autoComplete="off"
          value={q}
          onSearch={onChange}
        />
      </search>
      {debounced.trim().length < 2 ? (
        <EmptyState title="Type at least 2 characters" />
      ) : search.isPending ? (
        <LoadingState label="Searching…" />
      ) : search.isError ? (
        <ErrorState
          title={
            isApiError(search.error) && search.error.status === 422
              ? search.error.message
              : 'Could not get orders. Try again later.'
          }
          onRetry={() => search.refetch()}
        />
      ) : search.data.orders.length === 0 ? (
        <EmptyState title="No orders match">Searched by {matchedByText[search.data.matchedBy]}.</EmptyState>
      ) : (
        <div className="space-y-2" aria-live="polite">
          <p className="text-sm text-slate-700">
            {search.data.orders.length} found by {matchedByText[search.data.matchedBy]}, newest first
          </p>
          <ul className="space-y-2" aria-busy={search.isPlaceholderData || undefined}>
            {search.data.orders.map((order) => (
              <li key={order.id}>
                <OrderCard
                  to={`/admin/orders/${order.id}`}
                  name={order.orderName}
                  status={<ChainStatusBadge status={order.orderStatus} />}
                  total={formatApiNaira(order.total)}
                >
                  {order.customerName} · {order.storeName} · {formatDate(order.createdAt)}
                </OrderCard>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
