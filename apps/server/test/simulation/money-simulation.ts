import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { newModel, runStep, type Step, stepArbitrary } from './money-commands.js';
import { checkInvariants } from './money-invariants.js';
import { createWorld, rowsOf, type World } from './money-world.js';

// The money simulation (ADR 052): sequences of random steps, each checked against every invariant after it runs.
// Sequence i of a run with base seed S draws its steps from seed S + i; all sequences share one world (stores and
// customers accumulate money across them, as a live platform does), so a failure is replayed exactly by running the
// same base seed with as many sequences (the failure prints the command).

export interface SimulationOptions {
  seed: number;
  runs: number;
  steps: number;
  stores?: number;
  customers?: number;
  /** A walk to run as the only sequence instead of drawing steps (SIM_WALK: a printed walk's steps, as JSON). */
  walk?: Step[];
  /** Progress lines (one per sequence). */
  log?: (line: string) => void;
}

export interface SimulationReport {
  sequences: number;
  steps: number;
  skipped: number;
  refused: number;
  checks: number;
  byCommand: Record<string, number>;
  seconds: number;
  /** Where the time went: building the world, running steps, checking invariants. */
  timings: { setup: number; steps: number; checks: number };
  /** Where the walk went: how many orders, returns, refunds and payouts ended in each status. */
  reached: Record<string, Record<string, number>>;
}

async function census(world: World): Promise<SimulationReport['reached']> {
  const count = async (table: string, column: string) => {
    const rows = rowsOf(
      await world.test.deps.db.execute(
        sql`select ${sql.raw(column)} as status, count(*)::int as n from ${sql.raw(table)} group by 1 order by 1`,
      ),
    );
    return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.n)]));
  };
  return {
    orders: await count('orders', 'status'),
    returns: await count(
      'order_returns',
      "status || case when dispute_status <> 'none' then ' (dispute ' || dispute_status || ')' else '' end",
    ),
    refunds: await count(
      'order_refunds',
      "destination || ' ' || status || coalesce(' (' || decision || ')', '') || ' by ' || charged_to",
    ),
    payouts: await count('payouts', 'status'),
    ledger: await count('ledger_entries', 'kind'),
  };
}

export function stepsOf(seed: number, steps: number): Step[] {
  return fc.sample(fc.array(stepArbitrary, { minLength: steps, maxLength: steps }), { seed, numRuns: 1 })[0]!;
}

export async function simulate(options: SimulationOptions, world?: World): Promise<SimulationReport> {
  const started = Date.now();
  const own = !world;
  const used =
    world ?? (await createWorld({ stores: options.stores ?? 3, customers: options.customers ?? 3 }));
  const report: SimulationReport = {
    sequences: 0,
    steps: 0,
    skipped: 0,
    refused: 0,
    checks: 0,
    byCommand: {},
    seconds: 0,
    timings: { setup: (Date.now() - started) / 1000, steps: 0, checks: 0 },
    reached: {},
  };
  const timed = async <T>(part: 'steps' | 'checks', work: () => Promise<T>): Promise<T> => {
    const at = Date.now();
    try {
      return await work();
    } finally {
      report.timings[part] += (Date.now() - at) / 1000;
    }
  };
  try {
    // One model for the world: orders bought in an earlier sequence are still carried, returned and paid out.
    const model = newModel();
    report.checks += await checkInvariants(used, null);
    for (let run = 0; run < options.runs; run += 1) {
      const seed = options.seed + run;
      const steps = options.walk ?? stepsOf(seed, options.steps);
      const walked: string[] = [];
      for (const [index, step] of steps.entries()) {
        try {
          const outcome = await timed('steps', () => runStep(used, model, step));
          if (!outcome) {
            report.skipped += 1;
            walked.push(`${index}. ${JSON.stringify(step)} → nothing eligible`);
            continue;
          }
          if (/ refused \d{3}/.test(outcome.note)) report.refused += 1;
          report.steps += 1;
          report.byCommand[step.command] = (report.byCommand[step.command] ?? 0) + 1;
          walked.push(`${index}. ${JSON.stringify(step)} → ${outcome.note}`);
          report.checks += await timed('checks', () => checkInvariants(used, outcome));
        } catch (error) {
          const replay = `SIM_SEED=${options.seed} SIM_RUNS=${run + 1} SIM_STEPS=${options.steps}`;
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(
            `Money simulation failed at step ${index} of sequence ${run} (seed ${seed}).\n` +
              `Replay: ${replay} npm run simulate:money\n` +
              `or this walk alone: SIM_WALK='${JSON.stringify(steps.slice(0, index + 1))}' npm run simulate:money\n` +
              `Steps so far:\n${walked.join('\n')}\n${index}. ${JSON.stringify(step)} → FAILED\n\n${message}`,
            { cause: error },
          );
        }
      }
      report.sequences += 1;
      options.log?.(`sequence ${run} (seed ${seed}): ${steps.length} steps, ${report.checks} checks so far`);
    }
    report.reached = await census(used);
  } finally {
    report.seconds = (Date.now() - started) / 1000;
    if (own) await used.close();
  }
  return report;
}
