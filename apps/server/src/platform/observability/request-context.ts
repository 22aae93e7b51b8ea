import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

/** What a request hands down to everything it causes: log lines, jobs it enqueues, events it emits. */
export interface RequestContext {
  requestId: string;
  /** Where the request came from, for the audit trail (ADR 072); jobs have neither. */
  ip?: string;
  userAgent?: string;
  /** Who the route's guard found signed in, for the audit trail (ADR 072). */
  actor?: RequestActor;
}

/** A signed-in caller as the audit trail records it: the account, its kind and its role when it acted. */
export interface RequestActor {
  accountId: string;
  kind: string;
  role: string | null;
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

/** The whole context of the request this code runs for: the audit trail reads where from and who. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `work` for a request, knowing where it came from (its address and user agent). */
export function runWithRequest<T>(
  request: { id: string; ip: string; headers: Record<string, string | string[] | undefined> },
  work: () => T,
): T {
  const agent = request.headers['user-agent'];
  return storage.run(
    {
      requestId: request.id,
      ip: request.ip,
      userAgent: typeof agent === 'string' ? agent.slice(0, 512) : undefined,
    },
    work,
  );
}

/** Runs a route's handler knowing who called it, so what it records in the audit trail names them. */
export function runAsActor<T>(actor: RequestActor | null, work: () => T): T {
  const current = storage.getStore();
  if (!actor || !current) return work();
  return storage.run({ ...current, actor }, work);
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
