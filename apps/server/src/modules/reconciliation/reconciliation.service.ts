import {
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationView,
  reconciliationKindLabels,
} from '@market/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { ProviderStatements, StatementWindow } from '../../platform/payments/index.js';
import { readBooks } from './reconciliation.books.js';
import { compareStatements, type Statements } from './reconciliation.compare.js';
import { reconciliationDifferences, reconciliationRuns } from './reconciliation.schema.js';

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

/**
 * How far beyond the window the provider is listed, so that a row the books date a little differently still finds
 * its match (ADR 065): a refund is created at Paystack when we send it and processed days later, a transfer is made
 * when its payout is sent. Rows found only in these margins serve as matches and are never reported themselves.
 */
const MARGIN_BEFORE = { transactions: 1, refunds: 10, transfers: 3 } as const;
const MARGIN_AFTER_DAYS = 1;

export interface ReconciliationNeeds {
  /** The provider's lists; undefined when payments are unavailable (a run then fails saying so). */
  statements: ProviderStatements | undefined;
  /** An admin's name as shown on the screen. */
  adminName(userId: string): Promise<string | undefined>;
}

/** The Lagos day (YYYY-MM-DD) holding a moment. */
export function lagosDay(moment: Date): string {
  return new Date(moment.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

function windowOf(from: string, to: string): StatementWindow {
  return {
    from: new Date(Date.parse(`${from}T00:00:00Z`) - LAGOS_OFFSET_MS),
    to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS - LAGOS_OFFSET_MS),
  };
}

const widened = (window: StatementWindow, daysBefore: number): StatementWindow => ({
  from: new Date(window.from.getTime() - daysBefore * DAY_MS),
  to: new Date(window.to.getTime() + MARGIN_AFTER_DAYS * DAY_MS),
});

type RunRow = typeof reconciliationRuns.$inferSelect;
type DifferenceRow = typeof reconciliationDifferences.$inferSelect;

export function createReconciliationService(deps: Deps, needs: ReconciliationNeeds) {
  const { db } = deps;
  const names = new Map<string, string>();
  async function nameOf(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    if (!names.has(userId)) names.set(userId, (await needs.adminName(userId)) ?? 'An admin');
    return names.get(userId)!;
  }

  async function runAnswer(row: RunRow): Promise<ReconciliationRun> {
    return {
      id: row.id,
      from: row.fromDay,
      to: row.toDay,
      status: row.status,
      trigger: row.trigger,
      provider: row.provider,
      startedBy: await nameOf(row.startedBy),
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      listed: row.listed,
      differenceCount: row.differenceCount,
      failure: row.failure,
    };
  }

  async function differenceAnswer(row: DifferenceRow): Promise<ReconciliationDifference> {
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
      explainedBy: await nameOf(row.explainedBy),
      explanation: row.explanation,
    };
  }

  async function view(
    runId: string | undefined,
    show: 'open' | 'explained' | 'all',
  ): Promise<ReconciliationView> {
    const [run] = runId
      ? await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId))
      : await db
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
    const rows = await db
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
    const [explained] = await db
      .select({ value: count() })
      .from(reconciliationDifferences)
      .where(and(ofRun, isNotNull(reconciliationDifferences.explainedAt)));
    const explainedCount = Number(explained?.value ?? 0);
    return {
      run: await runAnswer(run),
      differences: await Promise.all(rows.map(differenceAnswer)),
      open: run.differenceCount - explainedCount,
      explained: explainedCount,
    };
  }

  /**
   * Lists the provider's rows for the window (every page), compares them with the books and records the run and its
   * differences. Reads only: no money moves, whatever is found. A provider that does not answer fails the run (kept,
   * with why) and the caller hears SERVICE_UNAVAILABLE.
   */
  async function run(input: { from: string; to: string; trigger: 'schedule' | 'admin'; by?: string }) {
    const statements = needs.statements;
    const [started] = await db
      .insert(reconciliationRuns)
      .values({
        fromDay: input.from,
        toDay: input.to,
        trigger: input.trigger,
        provider: statements?.name ?? 'none',
        startedBy: input.by ?? null,
        startedAt: deps.now(),
      })
      .returning();
    const runId = started!.id;
    const window = windowOf(input.from, input.to);
    try {
      if (!statements) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Payments are not available, so there is nothing to compare.',
        );
      }
      const listed: Statements = {
        transactions: await statements.transactions(widened(window, MARGIN_BEFORE.transactions)),
        refunds: await statements.refunds(widened(window, MARGIN_BEFORE.refunds)),
        transfers: await statements.transfers(widened(window, MARGIN_BEFORE.transfers)),
        ...(deps.config.settlementMode === 'subaccount'
          ? { settlements: await statements.settlements(window) }
          : {}),
      };
      const books = await readBooks(db, statements.name, window, listed);
      const drafts = compareStatements(window, listed, books);
      await db.transaction(async (tx) => {
        // An explanation given before for the same fact stays with it (who, when and why are carried as written).
        const keys = [...new Set(drafts.map((draft) => draft.key))];
        const explainedBefore = new Map<string, DifferenceRow>();
        for (let start = 0; start < keys.length; start += 500) {
          const earlier = await tx
            .select()
            .from(reconciliationDifferences)
            .where(
              and(
                inArray(reconciliationDifferences.key, keys.slice(start, start + 500)),
                isNotNull(reconciliationDifferences.explainedAt),
              ),
            )
            .orderBy(desc(reconciliationDifferences.explainedAt));
          for (const row of earlier) if (!explainedBefore.has(row.key)) explainedBefore.set(row.key, row);
        }
        for (let start = 0; start < drafts.length; start += 200) {
          await tx.insert(reconciliationDifferences).values(
            drafts.slice(start, start + 200).map((draft) => {
              const before = explainedBefore.get(draft.key);
              return {
                ...draft,
                runId,
                explainedAt: before?.explainedAt ?? null,
                explainedBy: before?.explainedBy ?? null,
                explanation: before?.explanation ?? null,
              };
            }),
          );
        }
        await tx
          .update(reconciliationRuns)
          .set({
            status: 'done',
            finishedAt: deps.now(),
            differenceCount: drafts.length,
            listed: {
              transactions: listed.transactions.length,
              refunds: listed.refunds.length,
              transfers: listed.transfers.length,
              settlements: listed.settlements?.length ?? 0,
            },
          })
          .where(eq(reconciliationRuns.id, runId));
      });
    } catch (error) {
      const message =
        error instanceof AppError ? error.message : 'The comparison stopped on an unexpected error.';
      deps.logger.error({ err: error, runId }, 'reconciliation run failed');
      await db
        .update(reconciliationRuns)
        .set({ status: 'failed', finishedAt: deps.now(), failure: message })
        .where(eq(reconciliationRuns.id, runId));
      throw error instanceof AppError ? error : new AppError('SERVICE_UNAVAILABLE', message);
    }
    return view(runId, 'all');
  }

  return {
    view,
    run,
    /** The daily job: yesterday's Lagos day (the day is over, its late webhooks mostly in). */
    async runDaily() {
      const yesterday = lagosDay(new Date(deps.now().getTime() - DAY_MS));
      const result = await run({ from: yesterday, to: yesterday, trigger: 'schedule' });
      return { runId: result.run!.id, differences: result.run!.differenceCount };
    },
    async runs(query: { page: number; limit: number }) {
      const rows = await db
        .select()
        .from(reconciliationRuns)
        .orderBy(desc(reconciliationRuns.startedAt))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [total] = await db.select({ value: count() }).from(reconciliationRuns);
      const totalItems = Number(total?.value ?? 0);
      return {
        runs: await Promise.all(rows.map(runAnswer)),
        pagination: {
          page: query.page,
          limit: query.limit,
          totalItems,
          totalPages: Math.ceil(totalItems / query.limit),
        },
      };
    },
    /** Records why a difference is not a problem (or what was done outside the app); changes nothing else. */
    async explain(differenceId: string, adminId: string, note: string) {
      const [updated] = await db
        .update(reconciliationDifferences)
        .set({ explainedAt: deps.now(), explainedBy: adminId, explanation: note })
        .where(
          and(eq(reconciliationDifferences.id, differenceId), isNull(reconciliationDifferences.explainedAt)),
        )
        .returning();
      if (updated) return differenceAnswer(updated);
      const [exists] = await db
        .select({ id: reconciliationDifferences.id })
        .from(reconciliationDifferences)
        .where(eq(reconciliationDifferences.id, differenceId));
      if (!exists) throw notFound('No difference has this id');
      throw conflict('This difference is already explained');
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
