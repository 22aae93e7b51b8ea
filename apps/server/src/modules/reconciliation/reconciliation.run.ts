import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { StatementWindow } from '../../platform/payments/index.js';
import { type DifferenceRow, type ReconciliationContext, view } from './reconciliation.answers.js';
import { readBooks } from './reconciliation.books.js';
import { compareStatements, type DifferenceDraft, type Statements } from './reconciliation.compare.js';
import { reconciliationDifferences, reconciliationRuns } from './reconciliation.schema.js';

// A run: the provider listed for the window and its margins, compared with the books, the differences kept.

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

/**
 * How far beyond the window the provider is listed, so that a row the books date a little differently still finds
 * its match (ADR 065): a refund is created at Paystack when we send it and processed days later, a transfer is made
 * when its payout is sent. Rows found only in these margins serve as matches and are never reported themselves.
 */
const MARGIN_BEFORE = { transactions: 1, refunds: 10, transfers: 3 } as const;
const MARGIN_AFTER_DAYS = 1;

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

/** The run's differences, each carrying an explanation given before for the same fact (who, when and why). */
async function recordDifferences(tx: Db, runId: string, drafts: DifferenceDraft[]) {
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
}

/**
 * Lists the provider's rows for the window (every page), compares them with the books and records the run and its
 * differences. Reads only: no money moves, whatever is found. A provider that does not answer fails the run (kept,
 * with why) and the caller hears SERVICE_UNAVAILABLE.
 */
export async function run(
  ctx: ReconciliationContext,
  input: { from: string; to: string; trigger: 'schedule' | 'admin'; by?: string },
) {
  const statements = ctx.needs.statements;
  const [started] = await ctx.db
    .insert(reconciliationRuns)
    .values({
      fromDay: input.from,
      toDay: input.to,
      trigger: input.trigger,
      provider: statements?.name ?? 'none',
      startedBy: input.by ?? null,
      startedAt: ctx.deps.now(),
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
      ...(ctx.deps.config.settlementMode === 'subaccount'
        ? { settlements: await statements.settlements(window) }
        : {}),
    };
    const books = await readBooks(ctx.db, statements.name, window, listed);
    const drafts = compareStatements(window, listed, books);
    await ctx.db.transaction(async (tx) => {
      await recordDifferences(tx, runId, drafts);
      await tx
        .update(reconciliationRuns)
        .set({
          status: 'done',
          finishedAt: ctx.deps.now(),
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
    ctx.deps.logger.error({ err: error, runId }, 'reconciliation run failed');
    await ctx.db
      .update(reconciliationRuns)
      .set({ status: 'failed', finishedAt: ctx.deps.now(), failure: message })
      .where(eq(reconciliationRuns.id, runId));
    throw error instanceof AppError ? error : new AppError('SERVICE_UNAVAILABLE', message);
  }
  return view(ctx, runId, 'all');
}

/** The daily job: yesterday's Lagos day (the day is over, its late webhooks mostly in). */
export async function runDaily(ctx: ReconciliationContext) {
  const yesterday = lagosDay(new Date(ctx.deps.now().getTime() - DAY_MS));
  const result = await run(ctx, { from: yesterday, to: yesterday, trigger: 'schedule' });
  return { runId: result.run!.id, differences: result.run!.differenceCount };
}
