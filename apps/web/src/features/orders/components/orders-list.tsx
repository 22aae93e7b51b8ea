import { customerOrderStatusOf } from '@market/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { OrderCard } from '../../../components/ui/order-card';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { useOrderStatuses } from '../api/get-order-statuses';
import { useOrders } from '../api/list-orders';
import { ORDER_MESSAGES } from '../api/orders-keys';
import { OrderStatusBadge } from './order-status-badge';

interface OrdersListProps {
  page: number;
  status: string;
  onChange(next: { page: number; status: string }): void;
}

const PAGE_SIZE = 10;

/** Order history: newest first, a status filter and pages. */
export function OrdersList({ page, status, onChange }: OrdersListProps) {
  const orders = useOrders({ page, limit: PAGE_SIZE, status: status || undefined });
  const statuses = useOrderStatuses();
  const options = [
    { value: '', label: 'All orders' },
    ...(statuses.data ?? []).map((item) => ({
      value: item.code_name,
      label: customerOrderStatusOf(item.code_name).known_name,
    })),
  ];

  return (
    <div className="space-y-4">
      <SelectField
        label="Status"
        className="max-w-xs"
        options={options}
        value={status}
        onChange={(event) => onChange({ page: 1, status: event.target.value })}
      />
      {orders.isPending ? (
        <LoadingState label="Loading your orders…" />
      ) : orders.isError ? (
        <ErrorState title={ORDER_MESSAGES.orders} onRetry={() => orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title={status ? 'No orders with this status' : 'You have no orders yet'}>
          <Link to="/search" className={buttonClasses('secondary', 'mt-2')}>
            Start shopping
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-busy={orders.isPlaceholderData || undefined}>
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <OrderCard
                  to={`/account/orders/${order.id}`}
                  name={order.orderName}
                  status={<OrderStatusBadge status={order.orderStatus} />}
                  total={formatApiNaira(order.total)}
                  roomy
                >
                  {order.storeName} · {formatDate(order.createdAt)} ·{' '}
                  {pluralize(
                    order.orderItems.reduce((count, item) => count + item.quantity, 0),
                    'item',
                  )}
                </OrderCard>
              </li>
            ))}
          </ul>
          <Pager
            label="Order pages"
            pagination={orders.data.pagination}
            estimated={orders.data.countIsEstimate}
            noun="order"
            onPage={(next) => onChange({ page: next, status })}
          />
        </>
      )}
    </div>
  );
}
