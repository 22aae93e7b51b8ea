// `npm test`: every check, phase by phase (lint, types, unit/API/component tests, browser journeys), stopping at the
// first phase that fails. At the end it prints each phase's time and one line counting the tests of every phase.
//
// The server's API tests always run on PGlite, the database a fresh clone uses. With TEST_DATABASE_URL set (as in
// CI) the PostgreSQL proofs (concurrency, LISTEN/NOTIFY, pg-boss, two processes, the money simulation) run on that
// server as well (`server-postgres` in vitest.config.ts, ADR 070).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));

/** A vitest run that also writes its JSON report, from which the closing line counts. */
const vitest = (name, projects, extra = [], options = {}) => ({
  name,
  ...options,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...extra,
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
});

/**
 * Phases in order; the steps of a phase run at the same time, and a phase starts when the one before it passed.
 *
 * The unit tests, the browser journeys and the type check form one phase. Each alone leaves a core idle much of the
 * time: on a clean clone's CI of 44b5b9f the unit tests took 555 s of wall time for about 550 CPU-seconds on two
 * cores (their files wait on timers, child processes and PostgreSQL), the journeys 732 s for about 400 (pages wait
 * on the network and on animations), and the type check needs 36 CPU-seconds. One after another they took 1,300 s;
 * side by side the cores stay busy. Their output is interleaved line by line, each line marked with its step.
 *
 * The type check is TypeScript 7's native compiler, called by its path: `typescript-api` (TypeScript 5, for
 * scripts that read its API) also installs a `tsc` (ADR 079).
 */
const phases = [
  [
    // The formatter and linter, then the decision records' index (ADR 076), which must list every record.
    {
      name: 'lint',
      command: 'sh',
      args: ['-c', 'npx biome check . && node scripts/decisions-index.mjs --check'],
    },
    // The web build, once, before the tests that read it (the server-rendering tests and the journeys): two test
    // files that each found it missing built it at the same time and one read the other's half-written folder.
    {
      name: 'web build',
      command: 'npx',
      args: ['tsx', '-e', "import('./e2e/app-server.ts').then((server) => server.ensureWebBuild())"],
    },
    // The contracts and web component tests need no build: about 60 CPU-seconds, 42 s alone on two workers. In the
    // next phase, beside the server tests and journeys, one worker of them got so little of the cores that they took
    // 585 s and a form test passed its 20 s (clean clone's CI of a23ac82).
    vitest('web', ['contracts', 'web'], ['--maxWorkers=2']),
  ],
  [
    // The server tests on PGlite; the type check, then the PostgreSQL proofs; the journeys. The proofs wait on
    // PostgreSQL, timers and child processes more than they compute: after the PGlite run (CI of 9f64f48) they kept
    // the last stretch of the phase at about one busy core; after the type check they fill that idle core while the
    // PGlite run goes on. Not at the start: beside everything (CI of 2902d56, load 21) the two-process proof's
    // servers did not start in time.
    //
    // The journeys come first for the cores: each step of a journey waits on its server and browser in turn, so a
    // share of the cores slows it in proportion, while the other steps only need the cores' total. Beside everything
    // at one share (CI of f02984b, 1,086 s), a money journey of 33 s alone passed its 300 s and another waited 30 s
    // for a link. The others run at a lower priority (nice 5, a third of a journey's share when both want a core):
    // they take the cores whenever a journey waits. At nice 10 (a tenth) a returns test passed its 60 s beside the
    // journeys (CI of 09b8b29).
    vitest('unit', ['server'], [], { lowerPriority: true }),
    [
      {
        name: 'typecheck',
        command: 'node',
        args: ['node_modules/typescript/bin/tsc', '-b'],
        lowerPriority: true,
      },
      ...(process.env.TEST_DATABASE_URL
        ? [vitest('proofs', ['server-postgres'], [], { lowerPriority: true })]
        : []),
    ],
    vitest('e2e', ['e2e']),
  ],
];

/**
 * Runs a command; resolves with its exit code and its time. Alone in its phase it writes to the terminal as it is;
 * beside others, each line of its output is marked with its name.
 */
function run(step, alone) {
  const started = Date.now();
  const [command, args] =
    step.lowerPriority && process.platform !== 'win32'
      ? ['nice', ['-n', '5', step.command, ...step.args]]
      : [step.command, step.args];
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (!alone) {
      const mark = `[${step.name}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`${mark}${line}\n`);
        });
        stream.on('end', () => {
          if (rest) process.stdout.write(`${mark}${rest}\n`);
        });
      }
    }
    child.on('close', (code, signal) =>
      resolve({ name: step.name, ok: code === 0 && !signal, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/** A step, or steps run one after another (stopping at the first that fails). */
const stepName = (step) => (Array.isArray(step) ? step.map((each) => each.name).join(' then ') : step.name);
async function runInTurn(step, alone) {
  if (!Array.isArray(step)) return [await run(step, alone)];
  const results = [];
  for (const each of step) {
    const result = await run(each, alone && step.length === 1);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

const timings = [];
let failed;
for (const phase of phases) {
  console.log(`\n=== ${phase.map(stepName).join(', ')} ===`);
  const phaseStarted = Date.now();
  const results = (await Promise.all(phase.map((step) => runInTurn(step, phase.length === 1)))).flat();
  for (const result of results) timings.push([result.name, result.seconds]);
  if (phase.length > 1) timings.push(['  together', (Date.now() - phaseStarted) / 1000]);
  const failures = results.filter((result) => !result.ok).map((result) => result.name);
  if (failures.length > 0) {
    failed = failures.join(' and ');
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
/** Each test file's time, so the files that make the phases long are named (the same file may run on two databases). */
const fileTimes = [];
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? [])
    fileTimes.push([path.relative(root, result.name), (result.endTime - result.startTime) / 1000]);
}
fs.rmSync(reports, { recursive: true, force: true });

const SLOWEST_SHOWN = 15;
console.log(`\n=== npm test: the ${SLOWEST_SHOWN} slowest of ${fileTimes.length} test files ===`);
for (const [name, seconds] of fileTimes.sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN))
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);
const allFiles = fileTimes.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`${allFiles.toFixed(1).padStart(7)} s  all files, one after another`);

console.log('\n=== npm test: time per phase ===');
for (const [name, seconds] of timings) console.log(`${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s`);
if (failed) console.log(`stopped: ${failed} failed`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
