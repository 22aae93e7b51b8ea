import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { FULFILMENT_MESSAGES, useAssignmentQueue } from '../api/fulfilment';
import { AssignPanel } from './assign-panel';
import { ChainStatusBadge } from './status-badge';

/** Paid orders ready for a carrier (or declined, or at a hub), each with its assignment form. */
export function AssignmentQueue({
  page,
  onPage,
  canOpen,
}: {
  page: number;
  onPage(page: number): void;
  canOpen: boolean;
}) {
  const queue = useAssignmentQueue(page);
  if (queue.isPending) return <LoadingState label="Loading the queue…" />;
  if (queue.isError) return <ErrorState title={FULFILMENT_MESSAGES.orders} onRetry={() => queue.refetch()} />;
  if (queue.data.orders.length === 0) return <EmptyState title="No order is waiting for a carrier" />;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {queue.data.orders.map((order) => (
          <li key={order.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              {canOpen ? (
                <Link to={`/admin/orders/${order.id}`} className="font-bold text-slate-900 underline">
                  {order.orderName}
                </Link>
              ) : (
                <span className="font-bold text-slate-900">{order.orderName}</span>
              )}
              <ChainStatusBadge status={order.orderStatus} />
            </div>
            <p className="text-sm text-slate-700">
              {order.storeName} → {order.customerName} · {order.itemCount}{' '}
              {order.itemCount === 1 ? 'item' : 'items'}
            </p>
            {order.declineReason ? (
              <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
                Declined by the last carrier: {order.declineReason}
              </p>
            ) : null}
            <AssignPanel orderId={order.id} />
          </li>
        ))}
      </ul>
      <Pager
        label="Queue pages"
        pagination={queue.data.pagination}
        estimated={queue.data.countIsEstimate}
        noun="order"
        onPage={onPage}
      />
    </div>
  );
}
