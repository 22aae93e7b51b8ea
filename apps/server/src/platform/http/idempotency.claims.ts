import { IDEMPOTENCY_KEY_HEADER } from '@market/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError, validation } from '../errors.js';
import {
  type Begun,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_LEASE_MS,
  type IdempotencyScope,
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  keyReusedMessage,
  POLL_MS,
  stillRunningMessage,
  WAIT_FOR_FIRST_MS,
} from './idempotency.js';
import { idempotencyKeys } from './idempotency.schema.js';

/** What an idempotency key's steps share (ADR 106): built once by `createIdempotencyKeys`. */
export interface IdempotencyContext {
  db: Db;
  now: () => Date;
  /** Claims running in this process, so a repeat here is woken by the answer instead of polling for it. */
  running: Map<string, { done: Promise<void>; wake(): void }>;
  localName: (scope: IdempotencyScope, key: string) => string;
}

const sameKey = (scope: IdempotencyScope, key: string) =>
  and(
    eq(idempotencyKeys.accountKind, scope.kind),
    eq(idempotencyKeys.accountId, scope.accountId),
    eq(idempotencyKeys.key, key),
  );

/** Inserts the claim, or takes over an expired key's row; answers whether this request holds the key. */
async function claim(
  ctx: IdempotencyContext,
  scope: IdempotencyScope,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const at = ctx.now();
  const row = {
    accountKind: scope.kind,
    accountId: scope.accountId,
    key,
    fingerprint,
    status: null,
    answer: null,
    lockedUntil: new Date(at.getTime() + IDEMPOTENCY_LEASE_MS),
    createdAt: at,
    expiresAt: new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS),
  };
  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.accountKind, idempotencyKeys.accountId, idempotencyKeys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        status: null,
        answer: null,
        lockedUntil: sql`excluded.locked_until`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      // Only a key past its expiry is anybody's again; a live one stays its first request's.
      setWhere: lt(idempotencyKeys.expiresAt, at),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** A running claim whose lease ran out (its process died) passes to this request. */
async function takeOver(ctx: IdempotencyContext, scope: IdempotencyScope, key: string): Promise<boolean> {
  const at = ctx.now();
  const taken = await ctx.db
    .update(idempotencyKeys)
    .set({ lockedUntil: new Date(at.getTime() + IDEMPOTENCY_LEASE_MS) })
    .where(and(sameKey(scope, key), isNull(idempotencyKeys.status), lt(idempotencyKeys.lockedUntil, at)))
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

function held(ctx: IdempotencyContext, scope: IdempotencyScope, key: string): Begun {
  const name = ctx.localName(scope, key);
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    wake = resolve;
  });
  ctx.running.set(name, { done, wake });
  const settle = () => {
    ctx.running.delete(name);
    wake();
  };
  return {
    async finish(answer) {
      try {
        await ctx.db
          .update(idempotencyKeys)
          .set({ status: answer.status, answer: answer.body, lockedUntil: ctx.now() })
          .where(and(sameKey(scope, key), isNull(idempotencyKeys.status)));
      } finally {
        settle();
      }
    },
    async release() {
      try {
        await ctx.db.delete(idempotencyKeys).where(and(sameKey(scope, key), isNull(idempotencyKeys.status)));
      } finally {
        settle();
      }
    },
  };
}

export async function begin(
  ctx: IdempotencyContext,
  scope: IdempotencyScope,
  key: string,
  fingerprint: string,
): Promise<Begun> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    if (await claim(ctx, scope, key, fingerprint)) return held(ctx, scope, key);
    const [row] = await ctx.db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        status: idempotencyKeys.status,
        answer: idempotencyKeys.answer,
        lockedUntil: idempotencyKeys.lockedUntil,
      })
      .from(idempotencyKeys)
      .where(sameKey(scope, key));
    if (!row) continue; // the first request was released (it failed with nothing done): claim it again
    if (row.fingerprint !== fingerprint)
      throw validation(`headers.${IDEMPOTENCY_KEY_HEADER}`, keyReusedMessage);
    if (row.status !== null && row.answer !== null)
      return { replay: { status: row.status, body: row.answer } };
    if (row.lockedUntil.getTime() < ctx.now().getTime() && (await takeOver(ctx, scope, key)))
      return held(ctx, scope, key);
    if (Date.now() >= deadline)
      throw new AppError('CONFLICT', stillRunningMessage, undefined, {
        'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS),
      });
    // The first request runs in this process: its end wakes us, with no query meanwhile (on PGlite, ten
    // waiters polling would slow the one doing the work). Run by another process: look again every POLL_MS.
    const local = ctx.running.get(ctx.localName(scope, key));
    const pause = local ? deadline - Date.now() : Math.min(POLL_MS, deadline - Date.now());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      local?.done,
      new Promise((resolve) => {
        timer = setTimeout(resolve, pause);
      }),
    ]);
    clearTimeout(timer);
  }
}

export async function purgeExpired(ctx: IdempotencyContext): Promise<number> {
  const purged = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, ctx.now()))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
