import {
  AUDIT_CSV_MAX_ROWS,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  auditActionLabels,
} from '@market/contracts';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.js';
import { csvLines } from '../../platform/csv.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict } from '../../platform/errors.js';
import { accountNamesByIds } from '../auth/index.js';

type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilters {
  actorId?: string;
  action?: AuditAction;
  subjectType?: string;
  subjectId?: string;
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
/** Africa/Lagos is UTC+1 all year: a Lagos day starts at 23:00 UTC the day before (as ADR 025). */
const LAGOS_OFFSET_MS = 3_600_000;

function conditions(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.actorId) where.push(eq(auditLog.actorId, filters.actorId));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.subjectType) where.push(eq(auditLog.subjectType, filters.subjectType));
  if (filters.subjectId) where.push(eq(auditLog.subjectId, filters.subjectId));
  if (filters.from)
    where.push(gte(auditLog.at, new Date(Date.parse(`${filters.from}T00:00:00Z`) - LAGOS_OFFSET_MS)));
  if (filters.to)
    where.push(lt(auditLog.at, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS - LAGOS_OFFSET_MS)));
  return where;
}

async function toEntries(db: Db, rows: AuditRow[]): Promise<AuditEntry[]> {
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
  const names = await accountNamesByIds(db, actorIds);
  return rows.map((row) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actorId
      ? {
          id: row.actorId,
          kind: row.actorKind,
          role: row.actorRole,
          name: names.get(row.actorId)?.name ?? null,
          email: names.get(row.actorId)?.email ?? null,
        }
      : null,
    action: row.action as AuditAction,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    storeId: row.storeId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
  }));
}

const CSV_HEADER = [
  'id',
  'at',
  'actor_id',
  'actor_kind',
  'actor_role',
  'actor_name',
  'actor_email',
  'action',
  'action_label',
  'subject_type',
  'subject_id',
  'store_id',
  'before',
  'after',
  'reason',
  'ip',
  'user_agent',
  'request_id',
];

/** Reading the audit trail (ADR 072); lines are written by `recordAudit` in each change's transaction. */
export function createAuditService(deps: Deps) {
  const { db } = deps;
  return {
    /** Newest first (one store's lines with `storeId`); the cursor is the id of the last line of the previous page (ids only grow). */
    async list(
      query: AuditFilters & { cursor?: string; limit: number },
      storeId?: string,
    ): Promise<AuditPage> {
      const where = conditions(query);
      // A store's owner reads the lines about their own store only.
      if (storeId) where.push(eq(auditLog.storeId, storeId));
      if (query.cursor) where.push(lt(auditLog.id, Number(query.cursor)));
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      return {
        entries: await toEntries(db, page),
        nextCursor: more ? String(page[page.length - 1]!.id) : null,
      };
    },

    /** The window as CSV, oldest first; refused (409) past AUDIT_CSV_MAX_ROWS so one file stays bounded. */
    async csv(filters: AuditFilters): Promise<string> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(...conditions(filters)))
        .orderBy(auditLog.id)
        .limit(AUDIT_CSV_MAX_ROWS + 1);
      if (rows.length > AUDIT_CSV_MAX_ROWS)
        throw conflict(
          `More than ${AUDIT_CSV_MAX_ROWS} lines match: narrow the dates or add a filter, then export again`,
        );
      const entries = await toEntries(db, rows);
      const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');
      return csvLines([
        CSV_HEADER,
        ...entries.map((entry) => [
          entry.id,
          entry.at,
          entry.actor?.id ?? '',
          entry.actor?.kind ?? '',
          entry.actor?.role ?? '',
          entry.actor?.name ?? '',
          entry.actor?.email ?? '',
          entry.action,
          auditActionLabels[entry.action],
          entry.subjectType,
          entry.subjectId,
          entry.storeId ?? '',
          json(entry.before),
          json(entry.after),
          entry.reason ?? '',
          entry.ip ?? '',
          entry.userAgent ?? '',
          entry.requestId ?? '',
        ]),
      ]);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
