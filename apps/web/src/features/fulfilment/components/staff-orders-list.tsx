import { orderStatuses } from '@market/contracts';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { OrderCard } from '../../../components/ui/order-card';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { useDebounced } from '../../../lib/use-debounced';
import { FULFILMENT_MESSAGES, type StaffOrdersQuery, useStaffOrders } from '../api/fulfilment';
import { BatchOrderBar } from './batch-order-bar';
import { ChainStatusBadge } from './status-badge';

export type StaffFilters = Omit<StaffOrdersQuery, 'limit'>;
const statusOptions = [
  { value: '', label: 'All statuses' },
  ...orderStatuses
    .filter((status) => status.code_name !== 'awaiting_payment')
    .map((status) => ({ value: status.code_name, label: status.known_name })),
];

/** The merchant's or the admin's orders: status, dates and a search, paged by the server. */
export function StaffOrdersList({
  viewer,
  basePath,
  filters,
  onChange,
  batch = false,
}: {
  viewer: 'merchant' | 'admin';
  basePath: string;
  filters: StaffFilters;
  onChange(next: StaffFilters): void;
  /** Checkboxes and the batch actions (the caller holds the permission the batch endpoint needs). */
  batch?: boolean;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const search = useDebounced(filters.search ?? '', 300);
  const orders = useStaffOrders(viewer, {
    ...filters,
    search: search || undefined,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    limit: 20,
  });
  const set = (patch: Partial<StaffFilters>) => onChange({ ...filters, page: 1, ...patch });
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search"
          placeholder="Order name or customer"
          value={filters.search ?? ''}
          onChange={(event) => set({ search: event.target.value })}
        />
        <SelectField
          label="Status"
          options={statusOptions}
          value={filters.status ?? ''}
          onChange={(event) => set({ status: event.target.value })}
        />
        <DateField
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set({ from: event.target.value })}
        />
        <DateField
          label="To"
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      {orders.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : orders.isError ? (
        <ErrorState title={FULFILMENT_MESSAGES.orders} onRetry={() => orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No orders match" />
      ) : (
        <>
          {batch ? (
            <BatchOrderBar
              viewer={viewer}
              selected={selected}
              names={new Map(orders.data.orders.map((order) => [order.id, order.orderName]))}
              onDone={() => setSelected([])}
            />
          ) : null}
          <ul className="space-y-2" aria-busy={orders.isPlaceholderData || undefined}>
            {orders.data.orders.map((order) => (
              <li key={order.id} className={batch ? 'flex items-stretch gap-2' : undefined}>
                {batch ? (
                  <input
                    type="checkbox"
                    aria-label={`Select ${order.orderName}`}
                    className="mt-4 h-5 w-5 shrink-0 accent-emerald-700"
                    checked={selected.includes(order.id)}
                    onChange={(event) => toggle(order.id, event.target.checked)}
                  />
                ) : null}
                <OrderCard
                  to={`${basePath}/${order.id}`}
                  name={order.orderName}
                  status={<ChainStatusBadge status={order.orderStatus} />}
                  total={formatApiNaira(order.total)}
                  inRow
                >
                  {order.customerName} · {formatDate(order.createdAt)} · {order.itemCount}{' '}
                  {order.itemCount === 1 ? 'item' : 'items'}
                  {viewer === 'admin' ? ` · ${order.storeName}` : ''}
                  {order.carrierName ? ` · ${order.carrierName}` : ''}
                </OrderCard>
              </li>
            ))}
          </ul>
          <Pager
            label="Order pages"
            pagination={orders.data.pagination}
            estimated={orders.data.countIsEstimate}
            noun="order"
            onPage={(page) => onChange({ ...filters, page })}
          />
        </>
      )}
    </div>
  );
}
