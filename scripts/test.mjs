// `npm test`: every check, phase by phase (lint, types, unit/API/component tests, browser journeys), stopping at the
// first phase that fails. At the end it prints each phase's time and one line counting the tests of every phase.
//
// The server's API tests run on PGlite by default. With TEST_DATABASE_URL set (as in CI) they run on that
// PostgreSQL server, and the files that prove what differs on the embedded default run on PGlite as well
// (`server-embedded` in vitest.config.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));

/** A vitest run that also writes its JSON report, from which the closing line counts. */
const vitest = (name, projects) => ({
  name,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
});

const phases = [
  { name: 'lint', command: 'npx', args: ['biome', 'check', '.'] },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
  vitest('unit', ['contracts', 'server*', 'web']),
  vitest('e2e', ['e2e']),
];

const timings = [];
let failed;
for (const phase of phases) {
  console.log(`\n=== ${phase.name} ===`);
  const started = Date.now();
  const run = spawnSync(phase.command, phase.args, { cwd: root, stdio: 'inherit' });
  timings.push([phase.name, (Date.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = phase.name;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
fs.rmSync(reports, { recursive: true, force: true });

console.log('\n=== npm test: time per phase ===');
for (const [name, seconds] of timings) console.log(`${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s`);
if (failed) console.log(`stopped: the ${failed} phase failed`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
