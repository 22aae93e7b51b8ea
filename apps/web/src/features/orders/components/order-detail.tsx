import { type CustomerOrder, orderStatuses } from '@market/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DeliveryAddressBlock, OrderTimeline } from '../../../components/orders/order-timeline';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { formatApiNaira } from '../../../lib/money';
import { paymentChannelLabel } from '../../../lib/payment-channels';
import { useOrder } from '../api/get-order';
import { ORDER_MESSAGES } from '../api/orders-keys';
import { OrderStatusBadge } from './order-status-badge';
import { ReceiptButton } from './receipt-button';

const knownName = (code: string) =>
  orderStatuses.find((status) => status.code_name === code)?.known_name ?? code;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function lagosText(order: CustomerOrder): string {
  if (order.withinLagos || (order.lagosMerchant && order.lagosCustomer)) return 'Within Lagos';
  if (order.lagosMerchant) return 'From Lagos to outside Lagos';
  if (order.lagosCustomer) return 'From outside Lagos into Lagos';
  return 'Between states outside Lagos';
}

type OrderItem = CustomerOrder['orderItems'][number];

/** Once an order is handed over, cancelled or returned its delivery token has nothing left to unlock. */
const tokenSpent = new Set(['delivered', 'completed', 'cancelled', 'returned']);

/**
 * One order: status, delivery token, items, amounts, delivery address and what happened to it. A route adds its
 * own controls under each item (`itemAction`) and below the items (`footer`), e.g. the review forms.
 */
export function OrderDetail({
  id,
  itemAction,
  footer,
  returns,
}: {
  id: string;
  itemAction?: (order: CustomerOrder, item: OrderItem) => ReactNode;
  footer?: (order: CustomerOrder) => ReactNode;
  /** The order's returns and replacements, above its tracking. */
  returns?: (order: CustomerOrder) => ReactNode;
}) {
  const order = useOrder(id);
  if (order.isPending) return <LoadingState label="Loading your order…" />;
  if (order.isError) {
    if (isApiError(order.error) && [404, 422].includes(order.error.status)) {
      return (
        <EmptyState title="This order was not found">
          <Link to="/account/orders" className={buttonClasses('secondary', 'mt-2')}>
            Back to your orders
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState title={ORDER_MESSAGES.order} onRetry={() => order.refetch()} />;
  }
  const data = order.data;
  const address = data.deliveryAddress;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Order {data.orderName}</h1>
        <OrderStatusBadge status={data.orderStatus} />
      </div>
      <p className="text-sm text-slate-700">
        From {data.storeName} · placed {formatDateTime(data.createdAt)}
      </p>
      {data.orderStatus.code_name === 'awaiting_payment' ? null : <ReceiptButton order={data} />}

      {data.orderDeliveryToken && !tokenSpent.has(data.orderStatus.code_name) ? (
        <section
          aria-labelledby="token-heading"
          className="rounded-lg border-2 border-emerald-700 bg-emerald-50 p-4"
        >
          <h2 id="token-heading" className="text-sm font-semibold text-emerald-950">
            Delivery token
          </h2>
          <p
            className="font-mono text-4xl font-bold tracking-widest text-emerald-950"
            data-testid="delivery-token"
          >
            {data.orderDeliveryToken}
          </p>
          <p className="mt-1 text-sm text-emerald-950">
            Only you can see this token: not the store, the shipping partner or the dispatcher. Give it to the
            dispatcher only when the order is in your hands.
          </p>
        </section>
      ) : data.orderStatus.code_name === 'awaiting_payment' ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          This order is waiting for payment. Its delivery token appears once it is paid.
        </p>
      ) : null}

      {data.carrier ? (
        <Section title="Who brings it">
          <p className="text-sm text-slate-800">
            <span className="font-semibold text-slate-900">{data.carrier.name}</span>
            {data.carrier.phoneNumber ? (
              <>
                {' · '}
                <a className="underline" href={`tel:${data.carrier.phoneNumber}`}>
                  {data.carrier.phoneNumber}
                </a>
              </>
            ) : null}
          </p>
        </Section>
      ) : null}

      <Section title="Items">
        <ul className="divide-y divide-slate-100">
          {data.orderItems.map((item) => {
            const option = item.productVariants
              ? [item.productVariants.size, item.productVariants.color].filter(Boolean).join(' / ')
              : '';
            return (
              <li
                key={`${item.productId}-${item.variantId ?? ''}`}
                className="flex justify-between gap-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <Link to={`/products/${item.productId}`} className="font-semibold text-slate-900 underline">
                    {item.productName}
                  </Link>
                  {option ? <span className="block text-slate-700">Option: {option}</span> : null}
                  <span className="block text-slate-700">
                    {item.quantity} × {formatApiNaira(item.productPrice)}
                  </span>
                  {itemAction?.(data, item)}
                </span>
              </li>
            );
          })}
        </ul>
        <dl className="space-y-1 border-t border-slate-200 pt-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-700">Items</dt>
            <dd className="font-semibold tabular-nums">{formatApiNaira(data.subtotal)}</dd>
          </div>
          {data.discount > 0 ? (
            <div className="flex justify-between">
              <dt className="text-slate-700">Discount</dt>
              <dd className="font-semibold tabular-nums">−{formatApiNaira(data.discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-slate-700">Shipping ({lagosText(data)})</dt>
            <dd className="font-semibold tabular-nums">{formatApiNaira(data.shippingFee)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatApiNaira(data.total)}</dd>
          </div>
          {data.paymentChannel ? (
            <div className="flex justify-between" data-testid="paid-by">
              <dt className="text-slate-700">Paid by</dt>
              <dd className="font-semibold">{paymentChannelLabel(data.paymentChannel)}</dd>
            </div>
          ) : null}
          {data.payOnDelivery ? (
            <>
              <div className="flex justify-between">
                <dt className="text-slate-700">Pay-on-delivery fee</dt>
                <dd className="font-semibold tabular-nums">{formatApiNaira(data.payOnDelivery.fee)}</dd>
              </div>
              <div className="flex justify-between text-base font-bold" data-testid="pay-at-door">
                <dt>{data.deliveredAt ? 'Paid at the door' : 'To pay at the door'}</dt>
                <dd className="tabular-nums">{formatApiNaira(data.payOnDelivery.dueAtDoor)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      </Section>

      {footer?.(data)}

      <Section title="Delivery address">
        <DeliveryAddressBlock address={address} note={data.orderNote} />
      </Section>

      {returns?.(data)}

      <Section title="Tracking">
        <OrderTimeline
          entries={data.orderActivities.map((activity) => ({
            ...activity,
            knownName: knownName(activity.status),
          }))}
        />
      </Section>
      <Link to="/account/orders" className={buttonClasses('secondary')}>
        Back to your orders
      </Link>
    </div>
  );
}
