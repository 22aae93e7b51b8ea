import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import {
  explain,
  type ReconciliationContext,
  type ReconciliationNeeds,
  runs,
  view,
} from './reconciliation.answers.js';
import { run, runDaily } from './reconciliation.run.js';

export type { ReconciliationNeeds } from './reconciliation.answers.js';
export { lagosDay } from './reconciliation.run.js';

/**
 * The reconciliation with the provider (ADR 065) as named functions of one context (ADR 091, 104): a run in
 * `reconciliation.run.ts`, what the screen reads and an explanation in `.answers.ts`; bound here.
 */
export function createReconciliationService(deps: Deps, needs: ReconciliationNeeds) {
  const ctx: ReconciliationContext = { deps, db: deps.db, needs, names: new Map() };
  return {
    view: bound(ctx, view),
    run: bound(ctx, run),
    /** The daily job: yesterday's Lagos day (the day is over, its late webhooks mostly in). */
    runDaily: bound(ctx, runDaily),
    runs: bound(ctx, runs),
    /** Records why a difference is not a problem (or what was done outside the app); changes nothing else. */
    explain: bound(ctx, explain),
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
