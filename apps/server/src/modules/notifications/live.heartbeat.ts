import { write } from './live.delivery.js';
import type { LiveHub, Stream } from './live.hub.js';

// One heartbeat for the process: a keep-alive to every stream, then every session and membership checked again in
// one query, so a signed-out screen or a removed member stops hearing.

const samePermissions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

async function recheck(hub: LiveHub) {
  if (hub.checking || hub.open.size === 0) return;
  hub.checking = true;
  try {
    const streams = [...hub.open];
    const live = await hub.checks.liveSessions([...new Set(streams.map((stream) => stream.auth.sessionId))]);
    const merchants = new Map<string, Stream[]>();
    for (const stream of streams) {
      if (!live.has(stream.auth.sessionId)) stream.close();
      else if (stream.auth.kind === 'merchant') {
        const list = merchants.get(stream.auth.userId) ?? [];
        list.push(stream);
        merchants.set(stream.auth.userId, list);
      }
    }
    for (const [userId, list] of merchants) {
      const membership = await hub.checks.membershipOf(userId);
      for (const stream of list) {
        const { auth } = stream;
        // Removed from the store, moved to another, or given other permissions: the screen reconnects and is
        // indexed by what it may see now (or refused).
        if (
          !membership ||
          membership.storeId !== auth.storeId ||
          !samePermissions(membership.permissions, auth.permissions)
        )
          stream.close();
      }
    }
  } catch (error) {
    hub.logger.warn(
      { err: error },
      'live streams: could not check sessions; they stay open until the next heartbeat',
    );
  } finally {
    hub.checking = false;
  }
}

function beat(hub: LiveHub) {
  for (const stream of hub.open) write(hub, stream, ': keep-alive\n\n');
  void recheck(hub);
}

export function startHeartbeat(hub: LiveHub) {
  if (hub.heartbeat) return;
  hub.heartbeat = setInterval(beat, hub.options.heartbeatMs, hub);
  hub.heartbeat.unref();
}

export function stopHeartbeatIfIdle(hub: LiveHub) {
  if (hub.open.size > 0 || !hub.heartbeat) return;
  clearInterval(hub.heartbeat);
  hub.heartbeat = undefined;
}
