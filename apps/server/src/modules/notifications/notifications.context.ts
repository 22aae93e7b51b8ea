import type { Notification } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { notificationEvents } from '../../platform/notify/events.schema.js';
import type { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import type { reachableAccounts } from '../auth/index.js';
import type { notifications } from './notifications.schema.js';
import type { notificationSettingsService } from './notifications.settings.js';

// What the notifications service's functions share (ADR 091): the platform, the
// settings, the tracking links, and the fan-out this process is running.

export interface NotificationsContext {
  deps: Deps;
  db: Db;
  settings: ReturnType<typeof notificationSettingsService>;
  trackUrlOf: ReturnType<typeof trackingUrlMaker>;
  /** The fan-out running in this process, if one is: callers wait for it (see `fanOut`). */
  fanningOut: Promise<number> | undefined;
}

export type NotificationEvent = typeof notificationEvents.$inferSelect;
export type Person = Awaited<ReturnType<typeof reachableAccounts>>[number];

/** A live list hears of a user's new notifications through the change bus (ADR 043), in every process. */
export const NOTIFICATIONS_CHANGED = 'notifications.changed';

export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
