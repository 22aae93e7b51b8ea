import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { ProcessCrashed } from './faulty-provider.js';
import {
  type FaultLevel,
  newModel,
  type Outcome,
  runStep,
  type Step,
  stepArbitraryFor,
  timePasses,
} from './money-commands.js';
import { checkInvariants, InvariantBroken, unsettled } from './money-invariants.js';
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
  /** Which faults the steps inject (faulty-provider.ts); `none` by default. */
  faults?: FaultLevel;
  /** `pod`: pay on delivery's commands drawn four times as often (SIM_FOCUS=pod). */
  focus?: 'pod';
  /**
   * Steps an unknown outcome may stay open while the provider answers; then time passes once (webhooks delivered,
   * jobs run) and it must be settled.
   */
  settleWithin?: number;
  /** A walk to run as the only sequence instead of drawing steps (SIM_WALK: a printed walk's steps, as JSON). */
  walk?: Step[];
  /** Progress lines (one per sequence). */
  log?: (line: string) => void;
  /** Every step as it is walked (SIM_VERBOSE=2): to see which faults a seed meets. */
  logSteps?: (line: string) => void;
  /** Told the report at the end, passed or failed (the summary line is printed either way). */
  onReport?: (report: SimulationReport) => void;
}

export interface SimulationReport {
  sequences: number;
  steps: number;
  skipped: number;
  refused: number;
  checks: number;
  byCommand: Record<string, number>;
  /** Faults injected, by kind (e.g. "late refund", "crash after the provider's transfer", "webhook twice"). */
  faults: Record<string, number>;
  crashes: number;
  /** Settle rounds the bound forced (an unknown outcome left open too long). */
  settleRounds: number;
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

export function stepsOf(seed: number, steps: number, faults: FaultLevel = 'none', focus?: 'pod'): Step[] {
  return fc.sample(fc.array(stepArbitraryFor(faults, focus), { minLength: steps, maxLength: steps }), {
    seed,
    numRuns: 1,
  })[0]!;
}

/**
 * Runs one step; if the process "dies" in it (a crash fault), the step's request is abandoned where it stood and a
 * new app starts on the same database, as a restarted server would.
 */
async function runOrCrash(world: World, model: ReturnType<typeof newModel>, step: Step) {
  let crashed: ((crash: ProcessCrashed) => void) | undefined;
  const crash = new Promise<ProcessCrashed>((resolve) => {
    crashed = resolve;
  });
  world.faults.onCrash(crashed);
  try {
    const result = await Promise.race([runStep(world, model, step), crash]);
    if (!(result instanceof ProcessCrashed)) return result;
    await world.restart();
    return { note: `${result.message}; a new process started on the same database` } satisfies Outcome;
  } finally {
    world.faults.onCrash(undefined);
  }
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
    faults: {},
    crashes: 0,
    settleRounds: 0,
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
    const settleWithin = options.settleWithin ?? 4;
    /** Each open outcome, and the steps it has been open while the provider answered. */
    const openFor = new Map<string, number>();
    report.checks += await checkInvariants(used, null);
    for (let run = 0; run < options.runs; run += 1) {
      const seed = options.seed + run;
      const steps = options.walk ?? stepsOf(seed, options.steps, options.faults, options.focus);
      const walked: string[] = [];
      for (const [index, step] of steps.entries()) {
        try {
          const outcome = await timed('steps', () => runOrCrash(used, model, step));
          used.faults.tick();
          if (!outcome) {
            report.skipped += 1;
            walked.push(`${index}. ${JSON.stringify(step)} → nothing eligible`);
            continue;
          }
          if (/ refused \d{3}/.test(outcome.note)) report.refused += 1;
          report.steps += 1;
          report.byCommand[step.command] = (report.byCommand[step.command] ?? 0) + 1;
          walked.push(`${index}. ${JSON.stringify(step)} → ${outcome.note}`);
          options.logSteps?.(`seed ${seed} ${walked.at(-1)}`);
          report.checks += await timed('checks', () => checkInvariants(used, outcome));
          // Every unknown outcome settles within `settleWithin` steps once the provider answers again.
          const open = await unsettled(used);
          for (const key of [...openFor.keys()]) if (!open.has(key)) openFor.delete(key);
          if (used.faults.outageSteps === 0)
            for (const key of open.keys()) openFor.set(key, (openFor.get(key) ?? 0) + 1);
          if ([...openFor.values()].some((steps) => steps > settleWithin)) {
            report.settleRounds += 1;
            if (used.faults.readsDownSteps > 0) {
              // The provider's reads are down: its refund.* webhooks alone must settle every refund it made.
              const heard = await timed('steps', () => timePasses(used, { readsDown: true }));
              walked.push(
                `   (unknown outcomes open ${settleWithin} steps, the provider's reads down: ${heard})`,
              );
              // Only refunds whose webhooks arrived while the reads were down: any other needs the reads.
              const notHeard = [...(await unsettled(used)).entries()].filter(
                ([key]) => key.startsWith('payment ') && used.faults.heardWhileReadsDown.has(key.slice(8)),
              );
              report.checks += 1;
              if (notHeard.length > 0)
                throw new InvariantBroken(
                  `a provider webhook settles any refund that is not final (the provider's reads down): ${JSON.stringify(notHeard.map(([, line]) => line))}`,
                );
            }
            const round = await timed('steps', () => timePasses(used));
            walked.push(`   (unknown outcomes open ${settleWithin} steps: time passes: ${round})`);
            report.checks += await timed('checks', () => checkInvariants(used, null));
            const still = await unsettled(used);
            if (still.size > 0)
              throw new InvariantBroken(
                `every unknown outcome settles within ${settleWithin} steps once the provider answers: ${JSON.stringify([...still.values()])}`,
              );
            openFor.clear();
          }
          report.checks += 1;
        } catch (error) {
          const level =
            options.faults === 'all' ? ' SIM_FAULTS=1' : options.faults === 'none' ? ' SIM_FAULTS=0' : '';
          const focus = options.focus ? ` SIM_FOCUS=${options.focus}` : '';
          const replay = `SIM_SEED=${options.seed} SIM_RUNS=${run + 1} SIM_STEPS=${options.steps}${level}${focus}`;
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
    report.faults = { ...used.faults.injected };
    report.crashes = used.faults.crashes;
    report.seconds = (Date.now() - started) / 1000;
    options.onReport?.(report);
    if (own) await used.close();
  }
  return report;
}
