import type { CarrierContact, CarrierStop, CarrierStopKind } from '@market/contracts';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type CarrierViewer, useCarrierDay } from '../api/get-carrier-day';

const kindLabels: Record<CarrierStopKind, string> = {
  order_pickup: 'Collect from the store',
  order_delivery: 'Deliver to the customer',
  return_collection: 'Collect a return from the customer',
  return_drop_off: 'Take a return to the store',
};

const actionLink =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

function ContactLine({ who, contact }: { who: 'Store' | 'Customer'; contact: CarrierContact }) {
  return (
    <div className="min-w-0">
      <p className="text-sm text-slate-700">
        {who}: <span className="font-medium text-slate-900">{contact.name}</span>
        {contact.phoneNumber ? <span className="text-slate-700"> · {contact.phoneNumber}</span> : null}
      </p>
      {contact.callUrl || contact.whatsappUrl ? (
        <div className="mt-1 flex flex-wrap gap-2">
          {contact.callUrl ? (
            <a href={contact.callUrl} className={actionLink} aria-label={`Call ${contact.name}`}>
              Call
            </a>
          ) : null}
          {contact.whatsappUrl ? (
            <a
              href={contact.whatsappUrl}
              className={actionLink}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp ${contact.name} (opens WhatsApp)`}
            >
              WhatsApp
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Stop({ stop, viewer }: { stop: CarrierStop; viewer: CarrierViewer }) {
  const orderLink =
    stop.pickupId !== null
      ? viewer === 'partner'
        ? '/shipping-partner/pickups'
        : '/admin/orders/pickups'
      : viewer === 'partner'
        ? `/shipping-partner/orders/${stop.orderId}`
        : `/admin/orders/${stop.orderId}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">
          {kindLabels[stop.kind]}:{' '}
          <Link to={orderLink} className="text-emerald-800 underline">
            {stop.orderName}
          </Link>
        </p>
        <span className="text-sm text-slate-700">{stop.status.known_name}</span>
      </div>
      <p className="mt-1 break-words text-sm text-slate-900">{stop.place.address}</p>
      <a
        href={stop.place.mapUrl}
        className={`${actionLink} mt-1`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Map of ${stop.place.address} (opens Google Maps)`}
      >
        Map
      </a>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <ContactLine who="Store" contact={stop.store} />
        <ContactLine who="Customer" contact={stop.customer} />
      </div>
    </li>
  );
}

/**
 * A carrier's day (issue 35 item 7): the stops the partner or dispatcher holds, grouped by state and LGA, with
 * call, WhatsApp and map links. Read again every minute.
 */
export function CarrierDay({ viewer }: { viewer: CarrierViewer }) {
  const day = useCarrierDay(viewer);
  if (day.isPending)
    return (
      <div role="status" aria-label="Loading your stops" className="space-y-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  if (day.isError)
    return (
      <ErrorState
        title="Could not load your stops"
        message="Check your connection and try again."
        onRetry={() => day.refetch()}
      />
    );
  const { groups, stopCount, truncated } = day.data;
  if (stopCount === 0)
    return (
      <EmptyState title="No stops right now">
        Orders and return pickups assigned to you appear here, grouped by area.
      </EmptyState>
    );
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        {stopCount === 1 ? '1 stop' : `${stopCount} stops`} in{' '}
        {groups.length === 1 ? '1 area' : `${groups.length} areas`}.
        {truncated ? ' More are assigned to you: they show here as you finish these.' : ''}
      </p>
      {groups.map((group) => {
        const id = `area-${group.state}-${group.lga}`.replace(/[^A-Za-z0-9-]/g, '-');
        return (
          <section key={id} aria-labelledby={id}>
            <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
              {group.lga}, {group.state}{' '}
              <span className="text-sm font-normal text-slate-700">
                ({group.stops.length === 1 ? '1 stop' : `${group.stops.length} stops`})
              </span>
            </h2>
            <ul className="space-y-3">
              {group.stops.map((stop) => (
                <Stop key={`${stop.kind}-${stop.pickupId ?? stop.orderId}`} stop={stop} viewer={viewer} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
