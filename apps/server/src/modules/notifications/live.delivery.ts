import type { LiveEventName } from '@market/contracts';
import type { ChangeBus } from '../../platform/changes/index.js';
import { ORDERS_CHANGED, type OrderChange } from '../../platform/notify/topics.js';
import type { LiveHub, Stream } from './live.hub.js';

// Delivery: the bus's handlers only queue, and the events are written on a later turn of the event loop, after
// the write that published them has answered; a client that stopped reading is closed rather than buffered for.

/** Streams written per turn of the event loop. */
const FLUSH_SLICE = 250;

export function write(hub: LiveHub, stream: Stream, chunk: string) {
  const { raw } = stream;
  if (raw.writableEnded || raw.destroyed) return;
  if (raw.writableLength > hub.maxBuffered) {
    // The client stopped reading: its events would pile up in this process. It reconnects when it reads again.
    stream.close();
    return;
  }
  raw.write(chunk);
}

// A change heard by thousands of streams is written a slice per turn, so requests are answered in between.
function flush(hub: LiveHub) {
  let written = 0;
  for (const [stream, events] of hub.pending) {
    hub.pending.delete(stream);
    for (const event of events) write(hub, stream, `event: ${event}\ndata: {}\n\n`);
    written += 1;
    if (written >= FLUSH_SLICE) break;
  }
  if (hub.pending.size > 0) setImmediate(flush, hub);
  else hub.flushing = false;
}

function queueEvent(
  hub: LiveHub,
  streams: Iterable<Stream> | undefined,
  event: LiveEventName,
  only?: (s: Stream) => boolean,
) {
  if (!streams) return;
  for (const stream of streams) {
    if (only && !only(stream)) continue;
    let events = hub.pending.get(stream);
    if (!events) {
      events = new Set();
      hub.pending.set(stream, events);
    }
    events.add(event);
  }
  if (!hub.flushing && hub.pending.size > 0) {
    hub.flushing = true;
    setImmediate(flush, hub);
  }
}

const carrier = (stream: Stream) => stream.auth.kind === 'partner' || stream.auth.kind === 'admin';
const customer = (stream: Stream) => stream.auth.kind === 'customer';

/**
 * The hub's subscriptions to the change bus: a change costs its audience, not every stream (a change's payload is
 * read once). Answers the unsubscribes.
 */
export function listen(hub: LiveHub, changes: ChangeBus, topics: { notifications: string }): (() => void)[] {
  return [
    changes.subscribe(topics.notifications, (change) => {
      if (change.missed) return queueEvent(hub, hub.open, 'notifications');
      for (const userId of new Set(change.payload.split(',')))
        queueEvent(hub, hub.byUser.get(userId), 'notifications');
    }),
    changes.subscribe(ORDERS_CHANGED, (change) => {
      if (change.missed) return queueEvent(hub, hub.open, 'orders');
      let order: OrderChange;
      try {
        order = JSON.parse(change.payload) as OrderChange;
      } catch {
        return; // A payload from an older process: nothing to tell.
      }
      queueEvent(hub, hub.byStore.get(order.storeId), 'orders');
      if (order.customerId) queueEvent(hub, hub.byUser.get(order.customerId), 'orders', customer);
      if (order.carrierId) queueEvent(hub, hub.byUser.get(order.carrierId), 'orders', carrier);
      if (order.queue) queueEvent(hub, hub.queue, 'orders');
      queueEvent(hub, hub.allOrders, 'orders');
    }),
  ];
}
