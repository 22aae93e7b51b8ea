// `npm run simulate:money`: the money simulation of issue 22 (ADR 052) run longer than `npm test` runs it.
// SIM_RUNS sequences of SIM_STEPS steps each (defaults 10 × 60) from base seed SIM_SEED (default: a new one each
// run, printed, so every run walks new ground and any failure can be replayed). SIM_FAULTS=1 injects every kind of
// fault (late and lost answers, 5xx, 429, webhooks twice, out of order or never, process crashes: issue 29) and runs
// longer (12 × 80); SIM_FAULTS=0 none; unset, the kinds today's server survives. On PostgreSQL when
// TEST_DATABASE_URL is set, as in CI; on the embedded PGlite otherwise. SIM_WALK='[…]' runs one printed walk.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  SIM_RUNS: process.env.SIM_RUNS ?? (process.env.SIM_FAULTS === '1' ? '12' : '10'),
  SIM_STEPS: process.env.SIM_STEPS ?? (process.env.SIM_FAULTS === '1' ? '80' : '60'),
  SIM_SEED: process.env.SIM_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
  SIM_VERBOSE: process.env.SIM_VERBOSE ?? '1',
};
console.log(
  `money simulation: SIM_SEED=${env.SIM_SEED} SIM_RUNS=${env.SIM_RUNS} SIM_STEPS=${env.SIM_STEPS}${
    env.SIM_FAULTS ? ` SIM_FAULTS=${env.SIM_FAULTS}` : ''
  } on ${env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (set TEST_DATABASE_URL for PostgreSQL)'}`,
);
const child = spawn(
  'npx',
  [
    'vitest',
    'run',
    // The `server` project is always the embedded PGlite; the PostgreSQL proofs are `server-postgres` (ADR 070).
    '--project',
    env.TEST_DATABASE_URL ? 'server-postgres' : 'server',
    'apps/server/test/simulation/money.simulation.test.ts',
  ],
  { cwd: root, stdio: 'inherit', env },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
