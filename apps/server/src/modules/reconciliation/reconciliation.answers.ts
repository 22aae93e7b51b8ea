import {
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationView,
  reconciliationKindLabels,
} from '@market/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { ProviderStatements } from '../../platform/payments/index.js';
import { findAccountById } from '../auth/index.js';
import { reconciliationDifferences, reconciliationRuns } from './reconciliation.schema.js';

// What the reconciliation screen reads: a run and its differences, the runs, and an admin's explanation.

/** What reconciliation is handed: the provider's lists. Admins' names it reads through the auth module's index. */
export interface ReconciliationNeeds {
  /** The provider's lists; undefined when payments are unavailable (a run then fails saying so). */
  statements: ProviderStatements | undefined;
}

/** An admin's name as shown on the screen (the auth module's read). */
async function adminName(executor: Db, userId: string): Promise<string | undefined> {
  const admin = await findAccountById(executor, userId);
  return admin && `${admin.firstName} ${admin.lastName}`;
}

/** What the reconciliation's functions share (ADR 091): the platform, the provider's lists, and admins' names. */
export interface ReconciliationContext {
  deps: Deps;
  db: Db;
  needs: ReconciliationNeeds;
  /** Admins' names as read once per service (an admin's name on the screen does not change between runs). */
  names: Map<string, string>;
}

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type DifferenceRow = typeof reconciliationDifferences.$inferSelect;

async function nameOf(ctx: ReconciliationContext, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  if (!ctx.names.has(userId)) ctx.names.set(userId, (await adminName(ctx.db, userId)) ?? 'An admin');
  return ctx.names.get(userId)!;
}

async function runAnswer(ctx: ReconciliationContext, row: RunRow): Promise<ReconciliationRun> {
  return {
    id: row.id,
    from: row.fromDay,
    to: row.toDay,
    status: row.status,
    trigger: row.trigger,
    provider: row.provider,
    startedBy: await nameOf(ctx, row.startedBy),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    listed: row.listed,
    differenceCount: row.differenceCount,
    failure: row.failure,
  };
}

async function differenceAnswer(
  ctx: ReconciliationContext,
  row: DifferenceRow,
): Promise<ReconciliationDifference> {
  const label = reconciliationKindLabels[row.kind];
  return {
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    subject: row.subject,
    title: label.title,
    action: label.action,
    reference: row.reference,
    providerId: row.providerId,
    booksAmountKobo: row.booksAmountKobo,
    providerAmountKobo: row.providerAmountKobo,
    booksStatus: row.booksStatus,
    providerStatus: row.providerStatus,
    detail: row.detail,
    occurredAt: row.occurredAt?.toISOString() ?? null,
    explainedAt: row.explainedAt?.toISOString() ?? null,
    explainedBy: await nameOf(ctx, row.explainedBy),
    explanation: row.explanation,
  };
}

export async function view(
  ctx: ReconciliationContext,
  runId: string | undefined,
  show: 'open' | 'explained' | 'all',
): Promise<ReconciliationView> {
  const [run] = runId
    ? await ctx.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId))
    : await ctx.db
        .select()
        .from(reconciliationRuns)
        .where(inArray(reconciliationRuns.status, ['done', 'failed']))
        .orderBy(desc(reconciliationRuns.startedAt))
        .limit(1);
  if (!run) {
    if (runId) throw notFound('No reconciliation run has this id');
    return { run: null, differences: [], open: 0, explained: 0 };
  }
  const ofRun = eq(reconciliationDifferences.runId, run.id);
  const rows = await ctx.db
    .select()
    .from(reconciliationDifferences)
    .where(
      show === 'all'
        ? ofRun
        : and(
            ofRun,
            show === 'open'
              ? isNull(reconciliationDifferences.explainedAt)
              : isNotNull(reconciliationDifferences.explainedAt),
          ),
    )
    .orderBy(reconciliationDifferences.kind, reconciliationDifferences.occurredAt);
  const [explained] = await ctx.db
    .select({ value: count() })
    .from(reconciliationDifferences)
    .where(and(ofRun, isNotNull(reconciliationDifferences.explainedAt)));
  const explainedCount = Number(explained?.value ?? 0);
  return {
    run: await runAnswer(ctx, run),
    differences: await Promise.all(rows.map((row) => differenceAnswer(ctx, row))),
    open: run.differenceCount - explainedCount,
    explained: explainedCount,
  };
}

export async function runs(ctx: ReconciliationContext, query: { page: number; limit: number }) {
  const rows = await ctx.db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.startedAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await ctx.db.select({ value: count() }).from(reconciliationRuns);
  const totalItems = Number(total?.value ?? 0);
  return {
    runs: await Promise.all(rows.map((row) => runAnswer(ctx, row))),
    pagination: {
      page: query.page,
      limit: query.limit,
      totalItems,
      totalPages: Math.ceil(totalItems / query.limit),
    },
  };
}

/** Records why a difference is not a problem (or what was done outside the app); changes nothing else. */
export async function explain(
  ctx: ReconciliationContext,
  differenceId: string,
  adminId: string,
  note: string,
) {
  const [updated] = await ctx.db
    .update(reconciliationDifferences)
    .set({ explainedAt: ctx.deps.now(), explainedBy: adminId, explanation: note })
    .where(and(eq(reconciliationDifferences.id, differenceId), isNull(reconciliationDifferences.explainedAt)))
    .returning();
  if (updated) return differenceAnswer(ctx, updated);
  const [exists] = await ctx.db
    .select({ id: reconciliationDifferences.id })
    .from(reconciliationDifferences)
    .where(eq(reconciliationDifferences.id, differenceId));
  if (!exists) throw notFound('No difference has this id');
  throw conflict('This difference is already explained');
}
