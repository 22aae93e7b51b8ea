import { OrderCard } from '../../../components/ui/order-card';
import { Pager } from '../../../components/ui/pager';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { FULFILMENT_MESSAGES, usePartnerOrders } from '../api/fulfilment';
import { ChainStatusBadge } from './status-badge';

/** The partner's assigned orders, newest first, with how many it delivered today. */
export function PartnerOrders({ page, onPage }: { page: number; onPage(page: number): void }) {
  const orders = usePartnerOrders(page);
  if (orders.isPending) return <LoadingState label="Loading your orders…" />;
  if (orders.isError)
    return <ErrorState title={FULFILMENT_MESSAGES.orders} onRetry={() => orders.refetch()} />;
  const open = orders.data.orders.filter(
    (order) => !['delivered', 'completed', 'cancelled', 'returned'].includes(order.orderStatus.code_name),
  ).length;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3">
        <StatCard label="Delivered today" value={orders.data.deliveredToday} />
        <StatCard label="Open on this page" value={open} />
      </dl>
      {orders.data.orders.length === 0 ? (
        <EmptyState title="No orders are assigned to you yet" />
      ) : (
        <ul className="space-y-2">
          {orders.data.orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                to={`/shipping-partner/orders/${order.id}`}
                name={order.orderName}
                status={<ChainStatusBadge status={order.orderStatus} />}
              >
                {order.storeName} → {order.dropOff.lga}, {order.dropOff.state}
              </OrderCard>
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Order pages"
        pagination={orders.data.pagination}
        estimated={orders.data.countIsEstimate}
        noun="order"
        onPage={onPage}
      />
    </div>
  );
}

/** Just the count, for the dashboard. */
export function DeliveredToday() {
  const orders = usePartnerOrders(1);
  if (orders.isPending) return <LoadingState label="Loading today's deliveries…" />;
  if (orders.isError)
    return <ErrorState title={FULFILMENT_MESSAGES.orders} onRetry={() => orders.refetch()} />;
  return (
    <dl className="grid grid-cols-2 gap-3">
      <StatCard label="Delivered today" value={orders.data.deliveredToday} />
      <StatCard label="Assigned orders" value={orders.data.pagination.totalItems} />
    </dl>
  );
}
