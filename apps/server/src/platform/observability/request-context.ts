import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

/** What a request hands down to everything it causes: log lines, jobs it enqueues, events it emits. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request (or job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as part of the request (or job) `requestId`: its log lines and what it enqueues carry the id. */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}

/**
 * pino's `mixin`: every log line written while a request's (or job's) work runs names its id, whichever logger
 * wrote it (a module's `deps.logger` is the root logger and knows nothing of the request). A line that already
 * names it (Fastify's request logger binds `requestId`) is left as it is.
 */
export function requestIdMixin(_merge: object, _level: number, logger?: Logger): { requestId?: string } {
  const requestId = storage.getStore()?.requestId;
  if (!requestId) return {};
  // A child logger's bindings are kept serialized (`,"requestId":"…"`): a request's own logger has it already.
  const bindings = logger
    ? (logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym]
    : undefined;
  return typeof bindings === 'string' && bindings.includes('"requestId":') ? {} : { requestId };
}
