// Time to ready of a server process (`apps/server/src/main.ts`, as `npm start` runs it) on a database as it is, with
// the CPU the start cost: the server's, and PostgreSQL's (the database's backends the server holds open when it is
// ready), both from /proc. Issue 32 item 7: a start must not grow with history.
//
// Each database is started BENCH_RUNS times (default 3) in two ways, alternating:
//   - "marked": as every start after the first (the books' catch-up has its mark, ADR 067);
//   - "catch-up": the mark removed first, so the start scans every paid order for ones the books never heard of,
//     as every start did before the mark (on booked data it finds none: what is measured is the scan).
// Run (the 100k-orders database of bench/finance-report.bench.ts, and the demo marketplace):
//   createdb -h 127.0.0.1 -U postgres bench_demo    # the first start seeds it (not measured)
//   BENCH_DATABASES=postgres://postgres@127.0.0.1:5432/bench_money,postgres://postgres@127.0.0.1:5432/bench_demo \
//     npx tsx bench/start-up.bench.ts
// SEED_DEMO is on only for a database whose name ends in `demo`. PostgreSQL backends that the server opened and
// closed before it was ready (the migration lock's is kept in the pool; pg-boss's queue lock is not) are missed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const databases = (process.env.BENCH_DATABASES ?? process.env.DATABASE_URL ?? '').split(',').filter(Boolean);
if (databases.length === 0) throw new Error('Set BENCH_DATABASES to PostgreSQL URLs (comma-separated)');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** User + system CPU of a process in ms (clock ticks of 10 ms); 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface Start {
  wallMs: number;
  /** What the server logged as `readyInMs`: from opening the database to listening (its code loaded). */
  readyInMs: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  booked: number;
}

async function startOnce(url: string, admin: pg.Client): Promise<Start> {
  const database = new URL(url).pathname.slice(1);
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: database.endsWith('demo') ? 'true' : 'false',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let booked = 0;
  const ready = await new Promise<{ readyInMs: number }>((done, fail) => {
    let buffered = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
        try {
          const entry = JSON.parse(line) as { msg?: string; readyInMs?: number; orders?: number };
          if (entry.msg?.startsWith('posted the books')) booked = entry.orders ?? 0;
          if (entry.msg === 'Naija Market is ready') done({ readyInMs: entry.readyInMs ?? Number.NaN });
        } catch {
          // not a log line
        }
      }
    });
    server.on('exit', (code) => fail(new Error(`the server exited with ${code} before it was ready`)));
  });
  const wallMs = performance.now() - started;
  const serverCpuMs = cpuMs(server.pid!);
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
  const postgresCpuMs = rows.reduce((sum, row) => sum + cpuMs(row.pid), 0);
  const exited = new Promise((done) => server.on('exit', done));
  server.kill('SIGTERM');
  await exited;
  return { wallMs, readyInMs: ready.readyInMs, serverCpuMs, postgresCpuMs, booked };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores; ${runs} starts per case, medians`,
);
for (const url of databases) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  // A first start (unmeasured): migrates, seeds the demo, books and marks whatever it must.
  await startOnce(url, admin);
  const { rows } = await admin.query<{ orders: number }>(
    `select count(*)::int as orders from orders where status <> 'awaiting_payment'`,
  );
  const results: Record<'marked' | 'catch-up', Start[]> = { marked: [], 'catch-up': [] };
  for (let run = 0; run < runs; run++) {
    results.marked.push(await startOnce(url, admin));
    await admin.query(`delete from ledger_marks where name = 'books.caught-up'`);
    results['catch-up'].push(await startOnce(url, admin));
  }
  for (const [mode, starts] of Object.entries(results)) {
    const of = (key: keyof Start) =>
      median(starts.map((start) => start[key]))
        .toFixed(0)
        .padStart(6);
    console.log(
      `${name} (${rows[0]!.orders} paid orders), ${mode.padEnd(8)}: ready in ${of('readyInMs')} ms ` +
        `(wall from spawn ${of('wallMs')} ms); CPU server ${of('serverCpuMs')} ms, PostgreSQL ${of('postgresCpuMs')} ms; ` +
        `booked ${of('booked')}`,
    );
  }
  await admin.end();
}
