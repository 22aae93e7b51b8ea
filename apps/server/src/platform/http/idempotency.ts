import { createHash } from 'node:crypto';
import {
  type AccountKind,
  type Endpoint,
  type ErrorEnvelope,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@market/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bound } from '../bound.js';
import type { Db } from '../db/client.js';
import { AppError, validation } from '../errors.js';
import { begin, type IdempotencyContext, purgeExpired } from './idempotency.claims.js';

/**
 * Idempotent money requests (ADR 064). An endpoint whose contract says `idempotent: true` accepts an
 * `Idempotency-Key` header; `mountRoutes` runs its handler through `answerOnce`, which keeps the key in
 * `idempotency_keys` per account:
 * - the first request with a key claims it, does the work and stores its answer (status and body);
 * - a repeat with the same key and the same request answers the stored answer, marked `Idempotent-Replayed: true`,
 *   and does nothing;
 * - the same key with another request (method, route, parameters, query, body or file) is refused with 422;
 * - a repeat while the first still runs waits for its answer (up to `WAIT_FOR_FIRST_MS`), then answers it; past
 *   that it answers 409 with Retry-After.
 * Answers of 5xx and 429 are not kept (the key is released): those said nothing was done, so a retry may do it.
 * Without the header, the endpoint works as before.
 */

/** How long a kept answer is replayed; the `http.purge-idempotency-keys` job deletes older keys. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim not finished in this time counts as abandoned (its process died between claiming and storing the answer)
 * and the next repeat may take it. Longer than any request runs: a payout calls the provider at most a few times
 * with a 15 s timeout each.
 */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;
/** How long a repeat waits for the first request's answer before it answers 409 "still in progress". */
export const WAIT_FOR_FIRST_MS = 15_000;
/** How often a repeat looks for an answer stored by another server process. */
export const POLL_MS = 100;
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** An answer as it was sent: its status and its JSON body. */
export interface KeptAnswer {
  status: number;
  body: string;
}

export interface IdempotencyScope {
  kind: AccountKind;
  accountId: string;
}

export type Begun =
  | { replay: KeptAnswer }
  | { replay?: undefined; finish(answer: KeptAnswer): Promise<void>; release(): Promise<void> };

export interface IdempotencyKeys {
  /** Claims the key for this request, or answers the answer a first request with it gave (waiting for it). */
  begin(scope: IdempotencyScope, key: string, fingerprint: string): Promise<Begun>;
  /** Deletes expired keys; answers how many. */
  purgeExpired(): Promise<number>;
}

export const keyReusedMessage =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request.';
export const stillRunningMessage =
  'A request with this Idempotency-Key is still being processed. Try again in a moment.';

/** Its steps are `idempotency.claims.ts` (ADR 106). */
export function createIdempotencyKeys(db: Db, now: () => Date): IdempotencyKeys {
  const ctx: IdempotencyContext = {
    db,
    now,
    running: new Map(),
    localName: (scope, key) => `${scope.kind}\u0000${scope.accountId}\u0000${key}`,
  };
  return { begin: bound(ctx, begin), purgeExpired: bound(ctx, purgeExpired) };
}

/** JSON with every object's keys in order, so the same request written differently has one fingerprint. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toJSON());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}

/** What makes two requests the same request: the operation and its validated input, with the file's digest. */
export function requestFingerprint(
  endpoint: Endpoint,
  input: { params: unknown; query: unknown; body: unknown; file?: Buffer },
): string {
  const file = input.file ? createHash('sha256').update(input.file).digest('hex') : null;
  const text = canonicalJson({
    operation: `${endpoint.method} ${endpoint.surface}${endpoint.path}`,
    params: input.params ?? null,
    query: input.query ?? null,
    body: input.body ?? null,
    file,
  });
  return createHash('sha256').update(text).digest('hex');
}

/** The request's key, checked; undefined when it sent none. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw validation(
      `headers.${IDEMPOTENCY_KEY_HEADER}`,
      'Idempotency-Key must be 1 to 255 visible characters (a UUID is best), sent once',
    );
  return value;
}

/** Whether an answer is kept for repeats: what the request did or refused, not a failure of the moment. */
function keeps(status: number): boolean {
  return status < 500 && status !== 429;
}

/**
 * Runs an idempotent endpoint's handler once per key: claims the key, runs `work`, keeps the answer it gave (or
 * the refusal it threw) and sends it; a repeat is answered from the key. `serialize` writes a success answer as
 * the route's serializer does, so the kept body is byte for byte what the first caller received.
 */
export async function answerOnce(
  keys: IdempotencyKeys,
  scope: IdempotencyScope,
  key: string,
  fingerprint: string,
  reply: FastifyReply,
  successStatus: number,
  work: () => Promise<unknown>,
): Promise<FastifyReply> {
  const begun = await keys.begin(scope, key, fingerprint);
  if (begun.replay)
    return reply
      .code(begun.replay.status)
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(begun.replay.body);
  let result: unknown;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof AppError && keeps(error.status)) {
      const body: ErrorEnvelope = { message: error.message, error: error.code };
      if (error.details) body.details = error.details;
      await begun.finish({ status: error.status, body: JSON.stringify(body) });
    } else await begun.release();
    throw error;
  }
  if (result === reply || reply.sent) {
    // Nothing to keep of an answer the handler streamed itself; no idempotent endpoint does that.
    await begun.release();
    return reply;
  }
  let body: string;
  try {
    // The route's serializer (the contract's zod schema) writes JSON text; Fastify types it as any payload.
    body = reply.code(successStatus).serialize(result) as string;
  } catch (error) {
    await begun.release();
    throw error;
  }
  await begun.finish({ status: successStatus, body });
  return reply.type('application/json; charset=utf-8').send(body);
}
