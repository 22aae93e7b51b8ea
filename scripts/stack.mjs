// `npm run stack`: the several-process deployment on this machine, without containers (ADR 069). PostgreSQL and
// Redis (already running: STACK_DATABASE_URL's server, STACK_REDIS_URL) serve STACK_PROCESSES (default 3) server
// processes of the production bundle, behind Debian's HAProxy, which sends traffic only to processes whose
// readiness check (`/api/health/ready`) answers 200. Send the script SIGUSR2 to restart every process in turn;
// Ctrl-C stops it all. `bench/rolling-restart.bench.ts` starts it through `startStack` and restarts under load.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'apps/server/dist/main.js');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200 (or `timeoutMs` passes). */
async function until200(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await wait(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function haproxyConfig({ port, servers, statsPort }) {
  return `global
  log stdout format raw local0 warning
  maxconn 2000

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # A busy process answers its readiness check late rather than not at all: not a reason to take it out.
  timeout check 3s
  # A request that could not reach a server (refused while it restarts) goes to another one.
  retries 3
  option redispatch 1
  # Replays only what no server answered: a refused connection, or a connection closed before any answer.
  retry-on conn-failure empty-response

frontend market
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend servers

backend servers
  balance roundrobin
  # Only processes that say they are ready get traffic; a draining process answers 503 and is taken out.
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${servers.map((server) => `  server app${server.index} 127.0.0.1:${server.port} check`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

/**
 * Starts PostgreSQL-backed server processes behind HAProxy. Answers the proxy's URL, a function that restarts one
 * process (SIGTERM, wait for its exit, start it again, wait until it is ready), and one that stops everything.
 */
export async function startStack(options = {}) {
  const processes = Number(options.processes ?? process.env.STACK_PROCESSES ?? 3);
  const basePort = Number(options.port ?? process.env.STACK_PORT ?? 31000);
  const serverUrl = process.env.STACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = process.env.STACK_DATABASE ?? 'market_stack';
  const redisUrl = process.env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
  const log = options.log ?? ((line) => console.log(`[stack] ${line}`));

  // The production bundle, rebuilt when the server's sources are newer (as `npm start` does).
  const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  if (built === 0 || process.env.STACK_BUILD === '1') {
    log('building the server bundle…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@market/server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the server bundle did not build');
  }

  // A fresh database for the stack (the demo seed fills it on the first process's start).
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // STACK_KEEP_DATABASE=1 starts on the database a previous run seeded (the seed then finds nothing to do).
  const kept =
    process.env.STACK_KEEP_DATABASE === '1' &&
    (await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount === 1;
  if (!kept) {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
  }
  await admin.end();
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-stack-'));
  const servers = Array.from({ length: processes }, (_, index) => ({
    index: index + 1,
    port: basePort + 1 + index,
    metricsPort: basePort + 101 + index,
    child: undefined,
  }));
  const env = (server) => ({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(server.port),
    PUBLIC_URL: `http://127.0.0.1:${basePort}`,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    JWT_SECRET: 'stack-only-secret-0123456789abcdef0123456789',
    // One shared uploads folder: every process on this machine sees it (S3 in a real deployment).
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    PAYMENTS_SANDBOX: 'true',
    SEED_DEMO: server.index === 1 ? 'true' : 'false',
    METRICS_PORT: String(server.metricsPort),
    // Long enough for HAProxy's checks (every 500 ms, out after 2 failures) to take the process out first.
    SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? '1500',
    SHUTDOWN_GRACE_MS: process.env.SHUTDOWN_GRACE_MS ?? '20000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    MALLOC_ARENA_MAX: '2',
  });

  async function launch(server) {
    const child = spawn(process.execPath, ['--max-old-space-size=288', '--max-semi-space-size=8', bundle], {
      cwd: root,
      env: env(server),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server.child = child;
    server.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    // The first start seeds the demo marketplace (a few minutes on a busy machine).
    await until200(`http://127.0.0.1:${server.port}/api/health/ready`, 600_000);
    log(`app${server.index} ready on :${server.port} (metrics :${server.metricsPort}, pid ${child.pid})`);
  }

  // The first process migrates and seeds; the others then start together.
  await launch(servers[0]);
  await Promise.all(servers.slice(1).map(launch));

  const statsPort = basePort + 99;
  const configFile = path.join(dataDir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig({ port: basePort, servers, statsPort }));
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  const haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
  await until200(`http://127.0.0.1:${basePort}/api/health/ready`, 10_000);
  // Every server UP in HAProxy's eyes (rise 2 × 500 ms).
  await wait(1_500);
  const url = `http://127.0.0.1:${basePort}`;
  log(`HAProxy on ${url} (stats ${`http://127.0.0.1:${statsPort}/stats`}), ${processes} processes`);

  return {
    url,
    databaseUrl: databaseUrl.toString(),
    servers,
    /** SIGTERM to one process, wait for its graceful exit, start it again and wait until HAProxy has it back. */
    async restart(index) {
      const server = servers[index];
      const began = Date.now();
      server.child.kill('SIGTERM');
      const { code, signal } = await server.exited;
      const stoppedMs = Date.now() - began;
      await launch(server);
      // HAProxy puts it back after two passing checks.
      await wait(1_500);
      return { code, signal, stoppedMs, backMs: Date.now() - began };
    },
    async stop() {
      haproxy.kill('SIGTERM');
      await haproxyExited;
      await Promise.all(
        servers.map(async (server) => {
          server.child.kill('SIGTERM');
          await server.exited;
        }),
      );
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stack = await startStack();
  console.log(`[stack] ready: ${stack.url}. SIGUSR2 restarts each process in turn; Ctrl-C stops.`);
  process.on('SIGUSR2', async () => {
    for (let index = 0; index < stack.servers.length; index += 1) {
      const result = await stack.restart(index);
      console.log(
        `[stack] app${index + 1} restarted: exit ${result.code}, stopped in ${result.stoppedMs} ms`,
      );
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, async () => {
      await stack.stop();
      process.exit(0);
    });
}
