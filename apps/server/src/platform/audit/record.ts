import type { AuditAction, AuditSubjectType } from '@market/contracts';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertFromJson, jsonRows } from '../db/json-rows.js';
import type { StatementPart } from '../db/prepared.js';
import { currentRequestContext, type RequestActor } from '../observability/request-context.js';
import { auditLog } from './audit.schema.js';

/** One decision as its service knows it; who acted and from where come from the request (ADR 072). */
export interface AuditRecord {
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  /** The store the decision concerns, when there is one. */
  storeId?: string | null;
  /** The changed fields before and after; `auditValues` drops secrets, whatever the caller passes. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The reason the actor gave. */
  reason?: string | null;
  /**
   * Who acted, when the request does not say it yet (a sign-in: nobody is signed in until it succeeds) or there is
   * no request (a job: leave it out, the line reads as the platform's).
   */
  actor?: RequestActor;
}

/** Field names whose values never enter the trail: passwords, their hashes, tokens, keys, secrets, codes. */
const SECRET_FIELD = /pass(word)?|hash|token|secret|otp|pin$|cvv|authori[sz]ation|api.?key|signature/i;

/**
 * The values as the trail keeps them: secrets dropped (by field name, at any depth), amounts (bigint) as digit
 * strings so no kobo is rounded by JSON, dates as ISO text, undefined left out.
 */
export function auditValues(values: Record<string, unknown> | null | undefined) {
  if (!values) return null;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        if (inner === undefined || SECRET_FIELD.test(key)) continue;
        out[key] = clean(inner);
      }
      return out;
    }
    return value;
  };
  return clean(values) as Record<string, unknown>;
}

/** Only the fields whose values differ between `before` and `after`: what the decision changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    const a = auditValues({ v: before[key] })?.v;
    const b = auditValues({ v: after[key] })?.v;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}

/**
 * Writes one line of the audit trail with `tx`, the transaction of the change it records: a change rolled back
 * leaves no line, and no line is written for a change that did not happen. Call it after the change's own writes.
 */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await recordAudits(tx, [record]);
}

/**
 * Several lines in one statement, for a change that moves many rows at once in a fixed number of statements (a
 * checkout's orders becoming paid, ADR 031); the same rules as `recordAudit`.
 */
export async function recordAudits(tx: Db, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const context = currentRequestContext();
  await tx.insert(auditLog).values(records.map((record) => lineOf(record, context)));
}

const auditKeys = [
  'actorId',
  'actorKind',
  'actorRole',
  'action',
  'subjectType',
  'subjectId',
  'storeId',
  'before',
  'after',
  'reason',
  'ip',
  'userAgent',
  'requestId',
] as const;
const auditJson = jsonRows(auditLog, auditKeys);

/**
 * `recordAudits` as one part of a statement of several writes (`writeTogether`, ADR 055): a checkout's orders
 * becoming paid are audited in the payment's statement of writes (issue 32). Who acted is read now, as
 * `recordAudits` reads it.
 */
export function auditPart(records: readonly AuditRecord[]): StatementPart {
  const context = currentRequestContext();
  return {
    name: 'audit_log',
    sql: () => insertFromJson(auditLog, auditKeys, 'auditLines'),
    values: { auditLines: auditJson(records.map((record) => lineOf(record, context))) },
  };
}

function lineOf(record: AuditRecord, context: ReturnType<typeof currentRequestContext>) {
  const actor = record.actor ?? context?.actor;
  return {
    actorId: actor?.accountId ?? null,
    actorKind: actor?.kind ?? null,
    actorRole: actor?.role ?? null,
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    storeId: record.storeId ?? null,
    before: auditValues(record.before),
    after: auditValues(record.after),
    reason: record.reason ?? null,
    ip: context?.ip ?? null,
    userAgent: context?.userAgent ?? null,
    requestId: context?.requestId ?? null,
  };
}

/**
 * Deletes the lines older than `retentionDays` (AUDIT_RETENTION_DAYS): the one delete the append-only trigger lets
 * through, because this transaction says it is the purge and the lines are over a year old. Answers how many.
 */
export async function purgeAuditTrail(db: Db, retentionDays: number, now: Date): Promise<number> {
  if (!Number.isInteger(retentionDays) || retentionDays < 365)
    throw new RangeError('The audit trail keeps every line for at least 365 days');
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local market.audit_purge = 'on'`);
    const deleted = await tx.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
    return deleted.length;
  });
}
