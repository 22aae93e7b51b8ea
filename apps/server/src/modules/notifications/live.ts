import { liveEndpoints } from '@market/contracts';
import type { ChangeBus } from '../../platform/changes/index.js';
import type { AuthContext, RouteDefinition } from '../../platform/http/routes.js';
import { route } from '../../platform/http/routes.js';
import { ORDERS_CHANGED, type OrderChange } from '../../platform/notify/topics.js';

/** Whether a change of orders concerns the caller's lists. */
function concerns(auth: AuthContext, change: OrderChange): boolean {
  switch (auth.kind) {
    case 'merchant':
      return auth.storeId === change.storeId && auth.permissions.includes('orders:read');
    case 'partner':
      return change.carrierId === auth.userId;
    case 'admin':
      return (
        change.carrierId === auth.userId ||
        (change.queue && auth.permissions.includes('orders:assign')) ||
        auth.permissions.includes('orders:read-all')
      );
    case 'customer':
      return false;
  }
}

const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/live`: a server-sent event stream per signed-in screen. Every process subscribes to the change bus
 * (in-process, LISTEN/NOTIFY or Redis, ADR 043), so a change made by any process reaches a stream held by any
 * other. The stream carries no data of its own: it tells the screen which of its queries to ask again, and those
 * answers go through the usual checks.
 */
export function liveStreams(
  changes: ChangeBus,
  topics: { notifications: string },
): { routes: RouteDefinition[]; closeAll(): void } {
  const open = new Set<() => void>();
  const routes = [
    route(liveEndpoints.stream, async ({ auth, reply, request }) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      const send = (event: string) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: {}\n\n`);
      };
      send('ready');
      const stops = [
        changes.subscribe(topics.notifications, (change) => {
          if (change.missed || change.payload.split(',').includes(auth.userId)) send('notifications');
        }),
        changes.subscribe(ORDERS_CHANGED, (change) => {
          if (change.missed) return send('orders');
          try {
            if (concerns(auth, JSON.parse(change.payload) as OrderChange)) send('orders');
          } catch {
            // A payload from an older process: nothing to tell.
          }
        }),
      ];
      const heartbeat = setInterval(() => {
        if (!raw.writableEnded) raw.write(': keep-alive\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const close = () => {
        open.delete(close);
        clearInterval(heartbeat);
        for (const stop of stops) stop();
        if (!raw.writableEnded) raw.end();
      };
      open.add(close);
      request.raw.on('close', close);
      raw.on('error', close);
      return reply;
    }),
  ];
  return {
    routes,
    /** Ends every open stream (the server is closing): clients reconnect to another process. */
    closeAll() {
      for (const close of [...open]) close();
    },
  };
}
