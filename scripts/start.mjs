// `npm start`: builds the web app and the server bundle when either is missing or older than its sources, then
// serves everything from the bundle with plain node (ADR 035).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The server renderer of the public pages (ADR 029), built after the browser build by the same script.
const builtRenderer = path.join(root, 'apps/web/dist-server/entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
];

// The server bundle (apps/server/build.mjs): our TypeScript, the contracts included, without tsx at run time.
const builtServer = path.join(root, 'apps/server/dist/main.js');
const serverSources = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

function builtAt(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

function buildIfStale(title, workspace, built, sourceList) {
  const sourcesAt = Math.max(...sourceList.map((source) => newestChange(path.join(root, source))));
  if (Math.min(...built.map(builtAt)) >= sourcesAt) return;
  console.log(`Building ${title}…`);
  // Always a production build: started from a test runner (NODE_ENV=test), Vite compiled JSX for React's
  // development runtime, which the production React it bundles lacks ("jsxDEV is not a function" at start).
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// V8's heap bounds for the server (ADR 035), each unless NODE_OPTIONS sets its own. The old space: without a bound
// V8 let the heap grow to about 250 MB under load before collecting, for a live heap near 90 MB; bounded at 288 MB
// it collects earlier, for under 1% of the time in major collections (192-256 MB thrashed under tsx, ADR 034).
// The young generation: 8 MB semi-spaces instead of 16 MB, twice the scavenges for about the same total time.
const nodeOptions = process.env.NODE_OPTIONS ?? '';
const serverNodeArgs = ['--max-old-space-size=288', '--max-semi-space-size=8'].filter(
  (flag) => !nodeOptions.includes(flag.split('=')[0]),
);

buildIfStale('the web app', '@market/web', [builtIndex, builtRenderer], sources);
buildIfStale('the server', '@market/server', [builtServer], serverSources);

// OpenTelemetry traces (ADR 069) when an OTLP endpoint is configured: the SDK must hook modules before the bundle
// loads them, so it is preloaded.
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
const tracingArgs = tracing
  ? ['--import', path.join(root, 'apps/server/src/platform/observability/tracing.mjs')]
  : [];

const server = spawn(process.execPath, [...serverNodeArgs, ...tracingArgs, builtServer], {
  cwd: root,
  // An IPC channel besides the terminal: if this process dies without passing a signal on (SIGKILL), the channel
  // closes and the server stops gracefully instead of living on unowned (main.ts).
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // glibc keeps a malloc arena per thread that allocates (libuv's pool, V8's, PGlite's WASM compiler, sharp) and
  // returns little of it: two arenas took about 90 MB off the server's resident memory under load (ADR 034).
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
// Signals are passed on (SIGHUP too: a closed terminal); this process stays until the server has stopped and
// exits with its code, so whoever stopped `npm start` can wait for the graceful stop to finish.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// `npm start` killed outright (SIGKILL) cannot pass anything on: this process is handed to init, and stops the
// server as if it had been sent SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 1000).unref();
