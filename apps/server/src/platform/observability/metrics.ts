import { performance } from 'node:perf_hooks';
import client from 'prom-client';
import type { QueueStat } from '../jobs/jobs.js';

/**
 * The process's metrics (issue 33, ADR 069), in the Prometheus text format through prom-client. One registry per
 * process: counters are the process's whatever number of apps it builds (tests build many), and the gauges read
 * every live app's sources at each scrape.
 */
export const metricsRegistry = new client.Registry();

// Heap, RSS, GC, handles and event-loop delay (a monitorEventLoopDelay histogram sampled every 10 ms).
client.collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });

/** Seconds; from a cached read (about a millisecond) to a report or a checkout under load. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request arriving to its answer being sent, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const httpInFlight = new client.Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests received and not yet answered',
  registers: [metricsRegistry],
});

/** The share of time the event loop was busy since the previous scrape (0–1). */
let lastUtilization = performance.eventLoopUtilization();
new client.Gauge({
  name: 'nodejs_eventloop_utilization',
  help: 'Share of the time since the previous scrape that the event loop spent running code (0 to 1)',
  registers: [metricsRegistry],
  collect() {
    const now = performance.eventLoopUtilization();
    this.set(performance.eventLoopUtilization(now, lastUtilization).utilization);
    lastUtilization = now;
  },
});

/** Outcomes of money movements with the payment provider. `unknown`: no answer, settled later by webhook or job. */
export type MoneyKind = 'payment' | 'refund' | 'transfer';
const moneyOutcomes = new client.Counter({
  name: 'payment_outcomes_total',
  help: 'Payments, refunds and transfers by outcome (success, failed, abandoned, mismatch, pending, reversed, unknown)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Counts one outcome of a payment, refund or transfer. Call it where the outcome is decided, once per outcome
 * (a webhook heard twice counts once when the caller counts only what it changed). `unknown` is the one to alert on.
 */
export function countMoneyOutcome(kind: MoneyKind, outcome: string): void {
  moneyOutcomes.inc({ kind, outcome });
}

export type MessageChannel = 'mail' | 'sms' | 'whatsapp';
/** queued: written to the outbox; sent / failed: a delivery attempt's end; capped: not sent because of a cap. */
export type MessageResult = 'queued' | 'sent' | 'failed' | 'capped';
const messages = new client.Counter({
  name: 'messages_total',
  help: 'Mail and SMS by channel and result (queued into the outbox, sent, failed, capped)',
  labelNames: ['channel', 'result'] as const,
  registers: [metricsRegistry],
});

/** Counts mail or SMS written, delivered, failed or held back by a cap. */
export function countMessage(channel: MessageChannel, result: MessageResult, count = 1): void {
  if (count > 0) messages.inc({ channel, result }, count);
}

/** What one app exposes to the gauges; each is read at scrape time. */
export interface MetricSources {
  pool?(): { size: number; inUse: number; waiting: number };
  jobs?(): Promise<QueueStat[]>;
  notificationBacklog?(): Promise<{ waiting: number; oldestSeconds: number }>;
  liveStreams?(): number;
  searchIndex?(): { ready: boolean; products: number } | undefined;
}

const sources = new Set<MetricSources>();

/** Adds an app's sources to the gauges; the answer removes them (the app closed). */
export function addMetricSources(source: MetricSources): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** A source that fails (the database is down) leaves its gauge as last read rather than failing the scrape. */
async function each<T>(
  read: (source: MetricSources) => Promise<T | undefined> | T | undefined,
): Promise<T[]> {
  const answers = await Promise.all(
    [...sources].map(async (source) => {
      try {
        return await read(source);
      } catch {
        return undefined;
      }
    }),
  );
  return answers.filter((answer): answer is Awaited<T> => answer !== undefined) as T[];
}

new client.Gauge({
  name: 'db_pool_connections',
  help: 'Database connections by state: in_use, idle, and waiting (callers waiting for a connection)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const pools = await each((source) => source.pool?.());
    if (pools.length === 0) return;
    const sum = (pick: (stats: (typeof pools)[number]) => number) =>
      pools.reduce((total, stats) => total + pick(stats), 0);
    this.set(
      { state: 'in_use' },
      sum((stats) => stats.inUse),
    );
    this.set(
      { state: 'idle' },
      sum((stats) => stats.size - stats.inUse),
    );
    this.set(
      { state: 'waiting' },
      sum((stats) => stats.waiting),
    );
  },
});

/** Job stats are read once per scrape for both gauges. */
let jobRead: { at: number; stats: Promise<QueueStat[]> } | undefined;
function jobStats(): Promise<QueueStat[]> {
  if (!jobRead || Date.now() - jobRead.at > 1000)
    jobRead = { at: Date.now(), stats: each((source) => source.jobs?.()).then((lists) => lists.flat()) };
  return jobRead.stats;
}

new client.Gauge({
  name: 'job_queue_depth',
  help: 'Jobs waiting or running, per queue (pg-boss on PostgreSQL, timers in process on the embedded database)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const stat of await jobStats()) this.inc({ queue: stat.queue }, stat.depth);
  },
});

new client.Gauge({
  name: 'job_queue_lag_seconds',
  help: 'Seconds the oldest due job of each queue has waited to start',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const stat of await jobStats()) this.set({ queue: stat.queue }, stat.lagSeconds);
  },
});

let backlogRead: { at: number; value: Promise<{ waiting: number; oldestSeconds: number }[]> } | undefined;
function backlog() {
  if (!backlogRead || Date.now() - backlogRead.at > 1000)
    backlogRead = { at: Date.now(), value: each((source) => source.notificationBacklog?.()) };
  return backlogRead.value;
}

new client.Gauge({
  name: 'notification_backlog',
  help: 'Notification events not yet fanned out to their recipients',
  registers: [metricsRegistry],
  async collect() {
    const reads = await backlog();
    // Apps of one process share a database: the largest reading, not their sum.
    if (reads.length > 0) this.set(Math.max(...reads.map((read) => read.waiting)));
  },
});

new client.Gauge({
  name: 'notification_backlog_age_seconds',
  help: 'Age of the oldest notification event not yet fanned out (0 when none waits)',
  registers: [metricsRegistry],
  async collect() {
    const reads = await backlog();
    if (reads.length > 0) this.set(Math.max(...reads.map((read) => read.oldestSeconds)));
  },
});

new client.Gauge({
  name: 'live_streams_open',
  help: 'Live event streams (GET /api/live) held open by this process',
  registers: [metricsRegistry],
  async collect() {
    const counts = await each((source) => source.liveStreams?.());
    this.set(counts.reduce((total, count) => total + count, 0));
  },
});

new client.Gauge({
  name: 'catalog_search_index_products',
  help: 'Listed products in the search index this process keeps in memory (ADR 116); -1 while it loads',
  registers: [metricsRegistry],
  async collect() {
    const reads = await each((source) => source.searchIndex?.());
    if (reads.length > 0) this.set(Math.max(...reads.map((read) => (read.ready ? read.products : -1))));
  },
});

export const draining = new client.Gauge({
  name: 'app_draining',
  help: '1 while the process is stopping (not ready, finishing what is in flight), else 0',
  registers: [metricsRegistry],
});
