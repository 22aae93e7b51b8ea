import { type Surface, systemEndpoints } from '@market/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import { outboxMails } from '../../platform/mail/mail.schema.js';
import { isLoopbackCaller } from '../../platform/security/loopback.js';
import { outboxSms } from '../../platform/sms/sms.schema.js';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

/** The health answer of one surface: the database pinged, or 503 when it does not answer. */
function health(deps: Deps, surface: Surface) {
  return async () => {
    const latencyMs = await deps.database.ping().catch((error: unknown) => {
      deps.logger.error({ err: error }, 'database health check failed');
      return undefined;
    });
    if (latencyMs === undefined) throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering');
    return {
      message: 'ok',
      data: {
        surface,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        database: { status: 'up' as const, driver: deps.database.driver, latencyMs },
        version,
      },
    };
  };
}

async function readiness(deps: Deps) {
  const { ready, checks } = await deps.lifecycle.ready();
  if (!ready)
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      deps.lifecycle.draining ? 'This process is stopping' : 'This process is not ready for traffic',
      checks
        .filter((check) => !check.ok)
        .map((check) => ({ path: check.name, message: check.detail ?? 'not ready' })),
      { 'retry-after': '1' },
    );
  return { message: 'ready', data: { status: 'ready' as const, checks } };
}

/** The mails written to the outbox, newest first (development and tests only: see the routes). */
async function mailOutbox(deps: Deps, query: { to?: string | undefined; limit: number }) {
  const rows = await deps.db
    .select()
    .from(outboxMails)
    .where(query.to ? eq(outboxMails.to, query.to) : undefined)
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
    .limit(query.limit);
  return {
    message: 'Outbox',
    data: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      links: row.links,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

/** The texts written to the SMS outbox, newest first (development and tests only: see the routes). */
async function smsOutbox(deps: Deps, query: { to?: string | undefined; limit: number }) {
  const rows = await deps.db
    .select()
    .from(outboxSms)
    .where(query.to ? eq(outboxSms.to, query.to) : undefined)
    .orderBy(desc(outboxSms.createdAt), desc(outboxSms.id))
    .limit(query.limit);
  return {
    message: 'SMS outbox',
    data: rows.map((row) => ({
      id: row.id,
      to: row.to,
      text: row.text,
      segments: row.segments,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

async function smsHeld(deps: Deps, hours: number) {
  const since = new Date(deps.now().getTime() - hours * 3600_000);
  const held = await deps.sms.heldSince(since);
  return {
    message: 'Texts held by the SMS budget',
    data: {
      since: since.toISOString(),
      held: {
        recipientHour: held['recipient-hour'],
        order: held.order,
        platformDay: held['platform-day'],
        superseded: held.superseded,
      },
      budget: deps.config.smsBudget,
    },
  };
}

export function systemRoutes(deps: Deps): RouteDefinition[] {
  return [
    route(systemEndpoints.apiHealth, health(deps, 'api')),
    route(systemEndpoints.apiLiveness, async () => ({
      message: 'alive',
      data: { status: 'alive' as const, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
    })),
    route(systemEndpoints.apiReadiness, () => readiness(deps)),
    route(systemEndpoints.shippingHealth, health(deps, 'shipping')),
    route(systemEndpoints.themesHealth, health(deps, 'themes')),
    route(systemEndpoints.outbox, async ({ query, request }) => {
      // Mails carry sign-in links: never list them in production, nor to anyone but this machine.
      if (deps.config.production || !isLoopbackCaller(request)) throw notFound('Not found');
      return mailOutbox(deps, query);
    }),
    route(systemEndpoints.smsOutbox, async ({ query, request }) => {
      // SMS carry delivery tokens: never listed in production, nor to anyone but this machine.
      if (deps.config.production || !isLoopbackCaller(request)) throw notFound('Not found');
      return smsOutbox(deps, query);
    }),
    route(systemEndpoints.smsHeld, ({ query }) => smsHeld(deps, query.hours)),
  ];
}
