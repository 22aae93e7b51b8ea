import { describe, expect, it } from 'vitest';
import type { FaultLevel, Step } from './money-commands.js';
import { type SimulationReport, simulate } from './money-simulation.js';

// Proof by simulation (issue 22 item 6, ADR 052): seeded random interleavings of the money steps across several
// customers and stores, through the HTTP API, with every invariant checked after every step. `npm test` runs a few
// short sequences; `npm run simulate:money` runs longer ones (SIM_RUNS, SIM_STEPS, SIM_SEED). A failure prints
// its seed, the steps so far and the command that replays it.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const runs = Number(process.env.SIM_RUNS ?? (onPostgres ? 3 : 2));
const steps = Number(process.env.SIM_STEPS ?? (onPostgres ? 25 : 20));
const seed = Number(process.env.SIM_SEED ?? 52_052);
// A walk given as JSON (the steps a failure printed, e.g. trimmed by hand) runs as the only sequence.
const walk = process.env.SIM_WALK ? (JSON.parse(process.env.SIM_WALK) as Step[]) : undefined;

// Faults (issue 29, faulty-provider.ts): by default those today's server survives; SIM_FAULTS=1 every kind (late and
// lost answers too), SIM_FAULTS=0 none.
const faults: FaultLevel =
  process.env.SIM_FAULTS === '1' ? 'all' : process.env.SIM_FAULTS === '0' ? 'none' : 'survived';

// SIM_FOCUS=pod draws pay on delivery's commands four times as often (issue 36).
const focus = process.env.SIM_FOCUS === 'pod' ? ('pod' as const) : undefined;

const what = `${walk ? `a given walk of ${walk.length} steps` : `seed ${seed}, ${runs} × ${steps} steps`}, faults: ${faults}${focus ? `, focus: ${focus}` : ''}`;

/** One line at the end, passed or failed: sequences, steps, faults by kind, crashes, checks and time. */
function summarize(report: SimulationReport) {
  const byKind = Object.entries(report.faults)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  console.log(
    `money simulation summary: ${report.sequences} sequences, ${report.steps} steps, faults injected (${faults}): ${byKind || 'none'}; ${report.crashes} crashes; ${report.settleRounds} settle rounds forced; ${report.checks} checks; ${report.seconds.toFixed(1)} s`,
  );
}

describe(`money simulation on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (${what})`, () => {
  it(
    'keeps every naira accounted for after every step',
    async () => {
      const report = await simulate({
        seed,
        runs: walk ? 1 : runs,
        steps,
        walk,
        faults,
        focus,
        log: process.env.SIM_VERBOSE ? (line) => console.log(line) : undefined,
        logSteps: process.env.SIM_VERBOSE === '2' ? (line) => console.log(line) : undefined,
        onReport: summarize,
      });
      console.log(
        `money simulation: ${report.sequences} sequences, ${report.steps} steps run (${report.refused} refused by the server, ${report.skipped} with nothing eligible), ${report.checks} invariant checks, ${report.seconds.toFixed(1)} s (${JSON.stringify(report.timings)}); by command ${JSON.stringify(report.byCommand)}; reached ${JSON.stringify(report.reached)}`,
      );
      expect(report.sequences).toBe(walk ? 1 : runs);
      // Not vacuous: most steps found something to do.
      expect(report.steps).toBeGreaterThan((walk?.length ?? runs * steps) / 2);
    },
    600_000 + runs * steps * 5_000,
  );
});
