import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.js';
import { draining } from './metrics.js';

export interface GracefulStopOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** How long to answer "not ready" while still serving, so the proxy's checks take the process out first. */
  delayMs: number;
  /** Closed after the app: pools, Redis, the metrics port. */
  close: () => Promise<void>;
}

/**
 * Graceful stop (ADR 069): report not ready at once and keep serving for `delayMs`, so the proxy's health checks
 * take this process out before it refuses anything; then stop taking connections and finish the requests in
 * flight. Each answer sent while draining closes its connection, and connections idle at any moment are closed
 * (Node's `closeIdleConnections`, every 100 ms), so a client's or proxy's keep-alive pool does not hold the
 * process up. Fastify's preClose hooks end live streams (with a retry hint), its onClose hooks stop the job runner
 * (running jobs finish; pg-boss hands back what it cannot), the mailer and the change bus; then `close` ends the
 * pools. The caller bounds the whole with its grace period.
 */
export async function gracefulStop(options: GracefulStopOptions): Promise<void> {
  const { app, lifecycle } = options;
  lifecycle.drain();
  draining.set(1);
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
    await options.close();
  } finally {
    clearInterval(sweep);
    draining.set(0);
  }
}
