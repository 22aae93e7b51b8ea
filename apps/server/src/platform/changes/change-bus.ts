import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

/**
 * What one server process tells every other: "the catalog changed", "the rate card changed", later "an order
 * arrived for this store" (live lists). A topic is a short name; the payload a short string (an id, or empty).
 *
 * `publish` runs this process's own subscribers before it returns (a write's answer leaves only after this
 * process's caches dropped what it changed), and hands the message to the transport for the other processes
 * without waiting for it: PostgreSQL LISTEN/NOTIFY, Redis pub/sub, or nothing when there is one process (the
 * embedded default).
 */
export interface ChangeBus {
  readonly transport: 'in-process' | 'postgres' | 'redis';
  publish(topic: string, payload?: string): Promise<void>;
  /** Answers the function that ends this subscription. */
  subscribe(topic: string, handler: ChangeHandler): () => void;
  /** Starts hearing other processes (one connection of its own); publishing and local delivery work before. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface Change {
  topic: string;
  payload: string;
  /** Published by this process (its own write) rather than heard from another. */
  local: boolean;
  /**
   * The connection that hears other processes was lost and is back: messages sent meanwhile may be gone, so
   * every subscriber is told once, with an empty payload, to treat everything of its topic as changed.
   */
  missed?: true;
}

export type ChangeHandler = (change: Change) => void | Promise<void>;

/**
 * How a bus reaches the other processes; `hear` gets each raw message and is told when messages may be lost. `send`
 * takes every message gathered since the last send and sends them in one round trip (one statement, one pipeline):
 * each is still heard as a message of its own.
 */
export interface ChangeTransport {
  readonly kind: 'postgres' | 'redis';
  send(messages: string[]): Promise<void>;
  listen(hear: (message: string) => void, missed: () => void): Promise<void>;
  close(): Promise<void>;
}

const TOPIC = /^[a-z][a-z0-9.:_-]{0,63}$/;
/** PostgreSQL's NOTIFY takes at most 8,000 bytes; the envelope and the origin fit in what is left. */
export const MAX_PAYLOAD_BYTES = 4000;

/** The catalog's public answers changed (product, price, stock, approval, promotion, category, store, review). */
export const CATALOG_CHANGED = 'catalog';

interface Envelope {
  o: string;
  t: string;
  p: string;
}

function parse(message: string): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null) return undefined;
    const { o, t, p } = value as Record<string, unknown>;
    return typeof o === 'string' && typeof t === 'string' && typeof p === 'string' && TOPIC.test(t)
      ? { o, t, p }
      : undefined;
  } catch {
    return undefined;
  }
}

/** What the bus's delivery and sending share (ADR 106): built once by `createChangeBus`. */
interface ChangeBusContext {
  transport: ChangeTransport | undefined;
  logger: Logger;
  handlers: Map<string, Set<ChangeHandler>>;
  /** The messages of the next send, one per topic and payload, and that send once it is promised. */
  gathering: Map<string, string>;
  nextSend: Promise<void> | undefined;
  /** The send on the wire, if any: the next one starts after it. */
  onTheWire: Promise<void>;
}

async function deliver(ctx: ChangeBusContext, change: Change): Promise<void> {
  for (const handler of ctx.handlers.get(change.topic) ?? []) {
    try {
      await handler(change);
    } catch (error) {
      // One subscriber's failure must not keep the others (or the write's answer) from going on.
      ctx.logger.error({ err: error, topic: change.topic }, 'change subscriber failed');
    }
  }
}

function sendRemote(ctx: ChangeBusContext, message: string, key: string): Promise<void> {
  const { transport } = ctx;
  if (!transport) return Promise.resolve();
  ctx.gathering.set(key, message);
  if (ctx.nextSend) return ctx.nextSend;
  const send: Promise<void> = ctx.onTheWire
    // One turn of the event loop first: the other changes of the write that published this one (published
    // after its local subscribers ran) join the same send.
    .then(() => new Promise<void>((turned) => setImmediate(turned)))
    .then(async () => {
      const messages = [...ctx.gathering.values()];
      ctx.gathering = new Map();
      ctx.nextSend = undefined;
      ctx.onTheWire = send;
      try {
        await transport.send(messages);
      } catch (error) {
        // The write itself succeeded; other processes catch up within their caches' lifetime (30 s at most).
        ctx.logger.error(
          { err: error, transport: transport.kind, messages: messages.length },
          'could not announce a change',
        );
      }
    });
  ctx.nextSend = send;
  return send;
}

/**
 * The bus over a transport, or in process alone without one. Remote sends are gathered: while one send is on the
 * wire, every message published meanwhile (of any topic; one of each topic and payload) joins a single next send,
 * which starts after they were all published. So each change is announced at least once after it happened, and a
 * burst of writes, or the several changes of one request (a checkout's stock, orders and notifications), costs one
 * or two round trips (one `pg_notify` statement each), not one per change (issue 32, item 6; ADR 087).
 */
export function createChangeBus(options: { transport?: ChangeTransport; logger: Logger }): ChangeBus {
  const { transport, logger } = options;
  const origin = randomUUID();
  const ctx: ChangeBusContext = {
    transport,
    logger,
    handlers: new Map(),
    gathering: new Map(),
    nextSend: undefined,
    onTheWire: Promise.resolve(),
  };
  let started = false;

  function hear(message: string): void {
    const envelope = parse(message);
    if (!envelope) {
      logger.warn({ transport: transport?.kind }, 'ignored a change message that is not ours');
      return;
    }
    if (envelope.o === origin) return;
    void deliver(ctx, { topic: envelope.t, payload: envelope.p, local: false });
  }

  function missed(): void {
    logger.warn({ transport: transport?.kind }, 'change bus reconnected: treating every topic as changed');
    for (const topic of ctx.handlers.keys())
      void deliver(ctx, { topic, payload: '', local: false, missed: true });
  }

  return {
    transport: transport?.kind ?? 'in-process',
    async publish(topic, payload = '') {
      if (!TOPIC.test(topic)) throw new Error(`Not a change topic: ${topic}`);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error(`A change's payload is at most ${MAX_PAYLOAD_BYTES} bytes (topic ${topic})`);
      await deliver(ctx, { topic, payload, local: true });
      // Not awaited: a write's answer need not wait a round trip for other processes (close() waits for it).
      void sendRemote(ctx, JSON.stringify({ o: origin, t: topic, p: payload }), `${topic}\u0000${payload}`);
    },
    subscribe(topic, handler) {
      if (!TOPIC.test(topic)) throw new Error(`Not a change topic: ${topic}`);
      let set = ctx.handlers.get(topic);
      if (!set) {
        set = new Set();
        ctx.handlers.set(topic, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    async start() {
      if (started || !transport) return;
      started = true;
      await transport.listen(hear, missed);
    },
    async close() {
      await Promise.all([ctx.nextSend, ctx.onTheWire]);
      await transport?.close();
    },
  };
}
