import { Link } from 'react-router';
import { OrderTimeline } from '../../../components/orders/order-timeline';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyPage, ErrorPage } from '../../../components/ui/message-page';
import { LoadingState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/errors';
import { FULFILMENT_MESSAGES, usePartnerAccept, usePartnerOrder } from '../api/fulfilment';
import { DispatcherForm } from './dispatcher-form';
import { OrderActions } from './order-actions';
import { Section } from './staff-order-detail';
import { ChainStatusBadge } from './status-badge';
import { StatusStepper } from './status-stepper';

/** One assigned order on the rider's phone: where to collect and deliver, the stepper and the next moves. */
export function PartnerOrderDetail({ id, parcel }: { id: string; parcel?: string }) {
  const order = usePartnerOrder(id);
  const accept = usePartnerAccept(id);
  if (order.isPending) return <LoadingState label="Loading the order…" />;
  if (order.isError) {
    if (isApiError(order.error) && [403, 404, 422].includes(order.error.status))
      return (
        <EmptyPage title="This order is not assigned to you">
          <Link to="/shipping-partner/orders" className={buttonClasses('secondary', 'mt-2')}>
            Back to orders
          </Link>
        </EmptyPage>
      );
    return <ErrorPage title={FULFILMENT_MESSAGES.order} onRetry={() => order.refetch()} />;
  }
  const data = order.data;
  const open = !['delivered', 'completed', 'cancelled', 'returned'].includes(data.orderStatus.code_name);
  const waiting = data.orderStatus.code_name === 'assigned' && !data.partnerAcceptedAt;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Order {data.orderName}</h1>
        <ChainStatusBadge status={data.orderStatus} />
      </div>
      <StatusStepper status={data.orderStatus} />

      <Section title="Next step">
        {data.deliveryLocked ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            Delivery is locked after five wrong tokens. Call the platform: an admin must issue a new token.
          </p>
        ) : null}
        {waiting ? (
          <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
            Accept order
          </Button>
        ) : null}
        <OrderActions
          viewer="partner"
          orderId={data.id}
          allowed={data.allowedNextStatuses}
          payOnDelivery={data.payOnDelivery}
          parcel={parcel}
        />
      </Section>

      <Section title="Pickup">
        <p className="text-sm font-semibold text-slate-900">{data.storeName}</p>
        <p className="text-sm text-slate-800">{data.pickup.address}</p>
        {data.pickup.phoneNumber ? (
          <a className="text-sm underline" href={`tel:${data.pickup.phoneNumber}`}>
            {data.pickup.phoneNumber}
          </a>
        ) : null}
      </Section>

      <Section title="Drop-off">
        <address className="text-sm not-italic text-slate-800">
          <span className="block font-semibold text-slate-900">{data.dropOff.fullName}</span>
          <span className="block">{data.dropOff.address}</span>
          <span className="block">
            {data.dropOff.lga}, {data.dropOff.state}
          </span>
          <a className="block underline" href={`tel:${data.dropOff.phoneNumber}`}>
            {data.dropOff.phoneNumber}
          </a>
        </address>
        {data.orderNote ? <p className="text-sm text-slate-700">Note: {data.orderNote}</p> : null}
      </Section>

      <Section title="Parcel">
        <ul className="text-sm">
          {data.orderItems.map((item) => (
            <li key={`${item.productId}-${item.variantId ?? ''}`}>
              {item.quantity} × {item.productName}
            </li>
          ))}
        </ul>
        {data.weightKg !== null ? <p className="text-sm text-slate-700">Weight: {data.weightKg} kg</p> : null}
      </Section>

      {open ? (
        <Section title="Dispatcher">
          <DispatcherForm
            key={`${data.dispatcherName ?? ''}${data.dispatchPhoneNumber ?? ''}`}
            orderId={data.id}
            name={data.dispatcherName ?? ''}
            phone={data.dispatchPhoneNumber ?? ''}
          />
        </Section>
      ) : null}

      <Section title="Timeline">
        <OrderTimeline entries={data.orderActivities} />
      </Section>
      <Link to="/shipping-partner/orders" className={buttonClasses('secondary')}>
        Back to orders
      </Link>
    </div>
  );
}
