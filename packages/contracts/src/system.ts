import { z } from 'zod';
import { access } from './access.js';
import { defineEndpoint, type Surface } from './endpoint.js';
import { envelope } from './envelope.js';

export const healthData = z.object({
  surface: z.enum(['api', 'shipping', 'themes']),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number(),
  }),
  version: z.string(),
});
export type HealthData = z.infer<typeof healthData>;

function health(surface: Surface) {
  return defineEndpoint({
    surface,
    method: 'GET',
    path: '/health',
    summary: `Health of the ${surface} surface and its database`,
    tags: ['System'],
    access: access.public,
    response: envelope(healthData),
  });
}

/** Liveness: the process answers, so its event loop turns (ADR 069). */
export const livenessData = z.object({ status: z.literal('alive'), uptimeSeconds: z.number() });
export type LivenessData = z.infer<typeof livenessData>;

/** Readiness: what a proxy asks before sending this process traffic (ADR 069). */
export const readinessCheck = z.object({
  name: z.enum(['database', 'migrations', 'redis', 'draining']),
  ok: z.boolean(),
  detail: z.string().optional(),
});
export const readinessData = z.object({ status: z.literal('ready'), checks: z.array(readinessCheck) });
export type ReadinessData = z.infer<typeof readinessData>;

export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const outboxSms = z.object({
  id: z.string(),
  to: z.string(),
  text: z.string(),
  segments: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxSms = z.infer<typeof outboxSms>;

/** Texts the SMS budget kept unsent (issue 31): their notifications stayed in the app and in mail. */
export const smsHeld = z.object({
  since: z.string(),
  held: z.object({
    recipientHour: z.number().int(),
    order: z.number().int(),
    platformDay: z.number().int(),
    superseded: z.number().int(),
  }),
  budget: z.object({
    perRecipientHour: z.number().int(),
    perOrder: z.number().int(),
    perDay: z.number().int(),
    settleSeconds: z.number().int(),
  }),
});
export type SmsHeld = z.infer<typeof smsHeld>;

export const systemEndpoints = {
  apiHealth: health('api'),
  shippingHealth: health('shipping'),
  themesHealth: health('themes'),
  apiLiveness: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness: answers while the process’s event loop turns (touches nothing else)',
    tags: ['System'],
    access: access.public,
    response: envelope(livenessData),
  }),
  apiReadiness: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/health/ready',
    summary:
      'Readiness: 200 when this process should get traffic (database reachable, migrations applied, Redis reachable when configured, not stopping); 503 naming the failed checks otherwise',
    tags: ['System'],
    access: access.public,
    errors: [503],
    response: envelope(readinessData),
  }),
  outbox: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Newest mails in the outbox (not available in production)',
    tags: ['System'],
    access: access.public,
    errors: [404],
    query: z.object({
      to: z.string().trim().toLowerCase().max(254).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: envelope(z.array(outboxMail)),
  }),
  smsOutbox: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/dev/sms-outbox',
    summary: 'Newest SMS in the outbox (not available in production)',
    tags: ['System'],
    access: access.public,
    errors: [404],
    query: z.object({
      to: z.string().trim().max(20).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: envelope(z.array(outboxSms)),
  }),
  smsHeld: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/sms-held',
    summary: 'How many texts the SMS budget kept unsent lately, by reason, and the budget',
    tags: ['System'],
    access: access.superadmin,
    query: z.object({ hours: z.coerce.number().int().min(1).max(720).default(24) }),
    response: envelope(smsHeld),
  }),
};
