import {
  type OrderServiceLevelKind,
  orderServiceLevelKinds,
  type ServiceLevelKind,
  serviceLevelNames,
} from '@market/contracts';
import { lateOrdersToTell, readServiceLevelLimits } from '../modules/orders/index.js';
import { lateReturnsToTell } from '../modules/returns/index.js';
import type { Deps } from '../platform/deps.js';
import type { EventAudience, NotificationEvent } from '../platform/notify/events.js';

// Flow: an order (or a return) that passed its service-level limit is told once (issue 35) to its store, to the
// carrier holding it, and to admins who see every order. Lateness is a state nobody's action raises, so a timed job
// looks for it. Each run reads only what is late and untold (an index on status and since, and the event's unique
// key), in batches; the event's key `service-level.late:<kind>:<id>` makes a second run, or a second process running
// the same batch at the same moment, change nothing (the insert skips a key already there).

/** How many late orders of one kind one run tells; the rest wait for the next run. */
export const SERVICE_LEVEL_BATCH = 500;

const HOUR_MS = 3_600_000;

export const serviceLevelEventKey = (kind: ServiceLevelKind) => (id: string) =>
  `service-level.late:${kind}:${id}`;

function lateEvent(
  kind: ServiceLevelKind,
  limitHours: number,
  subject: { id: string; orderId: string; orderName: string; storeId: string; storeName: string },
  carriers: (string | null)[],
  returnId: string | null,
): NotificationEvent {
  const audience: EventAudience[] = [
    { store: subject.storeId, permission: 'orders:read' },
    { admins: 'orders:read-all' },
    ...carriers.filter((id): id is string => id !== null).map((user) => ({ user })),
  ];
  return {
    kind: 'service-level.late',
    key: serviceLevelEventKey(kind)(subject.id),
    audience,
    params: {
      kind,
      what: serviceLevelNames[kind],
      limitHours,
      orderId: subject.orderId,
      orderNumber: subject.orderName,
      storeName: subject.storeName,
      returnId,
    },
  };
}

async function orderEvents(deps: Deps, kind: OrderServiceLevelKind, hours: number, now: Date) {
  const cutoff = new Date(now.getTime() - hours * HOUR_MS);
  const late = await lateOrdersToTell(deps.db, kind, cutoff, serviceLevelEventKey(kind), SERVICE_LEVEL_BATCH);
  // The carrier is told where the order is theirs: a partner's account or the platform dispatcher's.
  return late.map((order) =>
    lateEvent(kind, hours, { ...order, orderId: order.id }, [order.partnerId, order.dispatcherId], null),
  );
}

/** One run: every kind's late and untold, emitted in one statement; answers how many were told. */
export async function emitServiceLevelNotices(deps: Deps): Promise<number> {
  const now = deps.now();
  const { limits } = await readServiceLevelLimits(deps.db);
  const returnHours = limits.return_awaiting_decision;
  const [orderBatches, returns] = await Promise.all([
    Promise.all(orderServiceLevelKinds.map((kind) => orderEvents(deps, kind, limits[kind], now))),
    lateReturnsToTell(
      deps.db,
      new Date(now.getTime() - returnHours * HOUR_MS),
      serviceLevelEventKey('return_awaiting_decision'),
      SERVICE_LEVEL_BATCH,
    ),
  ]);
  const events = [
    ...orderBatches.flat(),
    ...returns.map((item) => lateEvent('return_awaiting_decision', returnHours, item, [], item.id)),
  ];
  if (events.length > 0) await deps.events.emit(deps.db, events);
  return events.length;
}
