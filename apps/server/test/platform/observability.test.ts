import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { systemEndpoints } from '@market/contracts';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { createInProcessRunner } from '../../src/platform/jobs/index.js';
import { loggerOptions } from '../../src/platform/logger.js';
import { gracefulStop } from '../../src/platform/observability/graceful-stop.js';
import type { Lifecycle } from '../../src/platform/observability/lifecycle.js';
import { countMoneyOutcome } from '../../src/platform/observability/metrics.js';
import { startMetricsServer } from '../../src/platform/observability/metrics-server.js';
import { currentRequestId, runWithRequestId } from '../../src/platform/observability/request-context.js';
import { requestOf } from '../support/contract-requests.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one series in the Prometheus text (the first line whose name and labels contain `match`). */
function seriesValue(text: string, name: string, ...labels: string[]): number | undefined {
  const line = text
    .split('\n')
    .find((row) =>
      row.startsWith(`${name}{`) || row.startsWith(`${name} `)
        ? labels.every((label) => row.includes(label))
        : false,
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('liveness, readiness and /metrics (ADR 069)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  }, 120_000);
  afterAll(() => test.close());

  it('liveness and readiness answer apart, and /api/health keeps working', async () => {
    const live = await test.app.inject(requestOf(systemEndpoints.apiLiveness));
    expect(live.statusCode).toBe(200);
    expect(json(live).data).toMatchObject({ status: 'alive' });
    const ready = await test.app.inject(requestOf(systemEndpoints.apiReadiness));
    expect(ready.statusCode).toBe(200);
    expect(json(ready).data).toMatchObject({
      status: 'ready',
      checks: expect.arrayContaining([
        { name: 'database', ok: true },
        { name: 'migrations', ok: true },
        { name: 'draining', ok: true },
      ]),
    });
    expect((await test.app.inject(requestOf(systemEndpoints.apiHealth))).statusCode).toBe(200);
  });

  it('/metrics needs the bearer token, and counts requests by route pattern and status', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await test.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', 'x')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ error: 'UNAUTHORIZED' });

    // A URL no route matches: one `unrouted` series, never its raw path.
    await test.app.inject({ method: 'GET', url: '/api/no-such-thing/12345678' });
    countMoneyOutcome('refund', 'unknown');
    const scrape = await test.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    const text = scrape.body;
    expect(
      seriesValue(text, 'http_requests_total', 'route="/api/health/live"', 'status_code="200"'),
    ).toBeGreaterThan(0);
    expect(seriesValue(text, 'http_requests_total', 'route="unrouted"', 'status_code="404"')).toBeGreaterThan(
      0,
    );
    expect(text).not.toContain('no-such-thing');
    expect(seriesValue(text, 'payment_outcomes_total', 'kind="refund"', 'outcome="unknown"')).toBeGreaterThan(
      0,
    );
    for (const family of [
      'http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_utilization',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'db_pool_connections',
      'job_queue_depth',
      'job_queue_lag_seconds',
      'notification_backlog',
      'notification_backlog_age_seconds',
      'live_streams_open',
    ])
      expect(text, family).toContain(`\n${family}`);
    // The embedded runner's queues are listed by name.
    expect(text).toMatch(/job_queue_depth\{queue="notifications\.fan-out"\}/);
  });

  it('the metrics port answers /metrics and nothing else', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const ok = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('http_requests_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  // Last of this block: it drains the shared app.
  it('while draining, readiness answers 503 naming why, liveness still 200, and answers close their connection', async () => {
    test.deps.lifecycle.drain();
    const ready = await test.app.inject(requestOf(systemEndpoints.apiReadiness));
    expect(ready.statusCode).toBe(503);
    expect(json(ready)).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      details: [{ path: 'draining' }],
    });
    expect(ready.headers.connection).toBe('close');
    expect((await test.app.inject(requestOf(systemEndpoints.apiLiveness))).statusCode).toBe(200);
  });
});

describe('request ids reach log lines and jobs (ADR 069)', () => {
  it('a line logged by any logger during a request names it, once', () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const root = pino(loggerOptions(loadConfig({}), true), stream);
    runWithRequestId('req-abcdef12', () => {
      root.info('from a module');
      root.child({ requestId: 'req-abcdef12' }).info('from the request logger');
    });
    root.info('outside');
    expect(lines[0]).toMatchObject({ requestId: 'req-abcdef12', msg: 'from a module' });
    expect(lines[1]).toMatchObject({ requestId: 'req-abcdef12' });
    expect(lines[2]?.requestId).toBeUndefined();
  });

  it('a job enqueued during a request runs with its id', async () => {
    const runner = createInProcessRunner({ logger: pino({ level: 'silent' }) });
    const seen: (string | undefined)[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    runner.define('test.carry', async () => {
      seen.push(currentRequestId());
      finished();
    });
    await runner.start();
    await runWithRequestId('req-carried-1', () => runner.enqueue('test.carry', {}));
    await done;
    await runner.stop();
    expect(seen).toEqual(['req-carried-1']);
  });
});

describe('graceful stop (ADR 069)', () => {
  it('answers every request in flight and does not wait for idle keep-alive connections', async () => {
    // A bare Fastify app with one slow route: what is tested is the stop sequence, not the marketplace's routes.
    const app = Fastify();
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { message: 'slow', data: null };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    let drained = false;
    const lifecycle: Lifecycle = {
      get draining() {
        return drained;
      },
      drain() {
        drained = true;
      },
      ready: async () => ({ ready: !drained, checks: [] }),
    };
    // A pool that keeps its connections open as a proxy's does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          })
          .on('error', reject);
      });
    try {
      // Warm the pool: 20 idle keep-alive connections.
      await Promise.all(Array.from({ length: 20 }, get));
      const inFlight = Array.from({ length: 20 }, get);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const began = Date.now();
      await gracefulStop({ app, lifecycle, delayMs: 0, close: async () => undefined });
      const tookMs = Date.now() - began;
      expect(await Promise.all(inFlight)).toEqual(Array(20).fill(200));
      expect(drained).toBe(true);
      // The requests took 300 ms; the agent would hold its idle connections for ever.
      expect(tookMs).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  }, 120_000);
});
