import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DeliveryAddressBlock, OrderTimeline } from '../../../components/orders/order-timeline';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyPage, ErrorPage } from '../../../components/ui/message-page';
import { LoadingState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/errors';
import { formatApiNaira, formatNaira, nairaToKobo } from '../../../lib/money';
import { FULFILMENT_MESSAGES, useStaffOrder } from '../api/fulfilment';
import { AssignPanel } from './assign-panel';
import { IssueTokenButton } from './issue-token-button';
import { OrderActions } from './order-actions';
import { OrderMoney } from './order-money';
import { ChainStatusBadge } from './status-badge';

/** The size and colour the customer chose ("M / Red"), so the store packs the right one. */
function optionOf(item: { productVariants: { size: string | null; color: string | null } | null }): string {
  return item.productVariants
    ? [item.productVariants.size, item.productVariants.color].filter(Boolean).join(' / ')
    : '';
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** One order for the store or the admin group: timeline, carrier, and the actions the server allows now. */
export function StaffOrderDetail({
  viewer,
  id,
  backTo,
  canIssueToken = false,
}: {
  viewer: 'merchant' | 'admin';
  id: string;
  backTo: string;
  /** The admin holds `orders:tokens` (a dispatcher does not, and is refused). */
  canIssueToken?: boolean;
}) {
  const order = useStaffOrder(viewer, id);
  if (order.isPending) return <LoadingState label="Loading the order…" />;
  if (order.isError) {
    if (isApiError(order.error) && [403, 404, 422].includes(order.error.status))
      return (
        <EmptyPage title="This order was not found">
          <Link to={backTo} className={buttonClasses('secondary', 'mt-2')}>
            Back to orders
          </Link>
        </EmptyPage>
      );
    return <ErrorPage title={FULFILMENT_MESSAGES.order} onRetry={() => order.refetch()} />;
  }
  const data = order.data;
  const address = data.deliveryAddress;
  const canAssign = data.allowedNextStatuses.some((status) => status.code_name === 'assigned');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Order {data.orderName}</h1>
        <ChainStatusBadge status={data.orderStatus} />
      </div>
      <p className="text-sm text-slate-700">
        {data.storeName} · {data.customerName} · {formatApiNaira(data.total)}
      </p>

      <Section title="Actions">
        {data.deliveryLocked ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            Delivery is locked after five wrong delivery tokens.
            {viewer === 'admin' && canIssueToken
              ? ' Issue a new token to the customer to unlock it.'
              : ' An admin who issues delivery tokens must issue a new one.'}
          </p>
        ) : null}
        <OrderActions
          viewer={viewer}
          orderId={data.id}
          allowed={data.allowedNextStatuses}
          // An order paid at the door has nothing to refund before delivery (ADR 074).
          cancelRefund={
            data.payOnDelivery ? undefined : formatNaira(nairaToKobo(data.total) - nairaToKobo(data.refunded))
          }
          payOnDelivery={data.payOnDelivery}
        />
        {viewer === 'admin' && canAssign ? <AssignPanel orderId={data.id} /> : null}
        {viewer === 'admin' &&
        canIssueToken &&
        !['delivered', 'completed', 'cancelled', 'returned'].includes(data.orderStatus.code_name) ? (
          <IssueTokenButton orderId={data.id} />
        ) : null}
      </Section>

      <Section title="Carrier">
        {data.assignedToShippingPartner || data.assignedToDispatcher || data.assignedToPlatformHub ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">Assigned to</dt>
            <dd className="font-semibold">
              {data.assignedToPlatformHub
                ? data.platformHub
                  ? `${data.platformHub.name} (platform hub)`
                  : 'Platform hub'
                : data.assignedToShippingPartner
                  ? `${data.partnerProfile?.name ?? 'Shipping partner'} (shipping partner)`
                  : `${data.dispatcherName ?? 'Dispatcher'} (dispatcher)`}
            </dd>
            {data.dispatcherName ? (
              <>
                <dt className="text-slate-700">Dispatcher</dt>
                <dd>
                  {data.dispatcherName}
                  {data.dispatchPhoneNumber ? (
                    <>
                      {' · '}
                      <a className="underline" href={`tel:${data.dispatchPhoneNumber}`}>
                        {data.dispatchPhoneNumber}
                      </a>
                    </>
                  ) : null}
                </dd>
              </>
            ) : null}
            <dt className="text-slate-700">Accepted</dt>
            <dd>{data.partnerAcceptedAt ? 'Yes' : 'Not yet'}</dd>
          </dl>
        ) : (
          <p className="text-sm text-slate-700">No carrier yet.</p>
        )}
      </Section>

      <Section title="Items">
        <ul className="divide-y divide-slate-100 text-sm">
          {data.orderItems.map((item) => (
            <li key={`${item.productId}-${item.variantId ?? ''}`} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                {item.productName} <span className="text-slate-700">({item.sku})</span>
                {optionOf(item) ? (
                  <span className="block text-slate-700">Option: {optionOf(item)}</span>
                ) : null}
              </span>
              <span className="tabular-nums">
                {item.quantity} × {formatApiNaira(item.productPrice)}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Money">
        <OrderMoney order={data} />
      </Section>

      <Section title="Delivery address">
        <DeliveryAddressBlock address={address} note={data.orderNote} />
      </Section>

      <Section title={viewer === 'admin' ? 'Order history' : 'Timeline'}>
        <OrderTimeline entries={data.orderActivities} showActor={viewer === 'admin'} />
      </Section>
      <Link to={backTo} className={buttonClasses('secondary')}>
        Back to orders
      </Link>
    </div>
  );
}
