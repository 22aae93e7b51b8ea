import type { Logger } from 'pino';
import type { TokenSigner } from './auth/tokens.js';
import type { ChangeBus } from './changes/index.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { NotificationEvents } from './notify/events.js';
import type { Lifecycle } from './observability/lifecycle.js';
import type { RateLimits } from './security/rate-limits.js';
import type { SmsSender } from './sms/sms.js';
import type { Media } from './storage/media.js';

/** Everything a module needs from outside, handed in explicitly so tests can pass their own. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** SMS written to their outbox in the caller's transaction, sent through Termii when configured (ADR 057). */
  sms: SmsSender;
  /** What happened that somebody must be told: recorded in the caller's transaction, fanned out after (ADR 057). */
  events: NotificationEvents;
  media: Media;
  tokens: TokenSigner;
  rateLimits: RateLimits;
  /** What one process tells the others: a cache to drop, later a live list to refresh (ADR 043). */
  changes: ChangeBus;
  now: () => Date;
  logger: Logger;
  /** Readiness (database, migrations, Redis) and draining on SIGTERM (ADR 069). */
  lifecycle: Lifecycle;
}
