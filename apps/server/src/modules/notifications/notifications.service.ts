import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import type { NotificationsContext } from './notifications.context.js';
import { fanOut } from './notifications.fan-out.js';
import { list, markAllRead, markRead, unreadCount } from './notifications.inbox.js';
import { emitDailyDigests, preferences, updatePreferences } from './notifications.preferences.js';
import { notificationSettingsService } from './notifications.settings.js';

export { NOTIFICATIONS_CHANGED } from './notifications.context.js';

/**
 * Notifications as named functions of one context (ADR 091, 104): the fan-out in `notifications.fan-out.ts`, an
 * account's list in `.inbox.ts`, its channel choices and the admins' digest in `.preferences.ts`; bound here.
 */
export function createNotificationsService(deps: Deps) {
  const ctx: NotificationsContext = {
    deps,
    db: deps.db,
    settings: notificationSettingsService(deps),
    trackUrlOf: trackingUrlMaker(deps.config),
    fanningOut: undefined,
  };
  return {
    fanOut: bound(ctx, fanOut),
    list: bound(ctx, list),
    unreadCount: bound(ctx, unreadCount),
    markRead: bound(ctx, markRead),
    markAllRead: bound(ctx, markAllRead),
    preferences: bound(ctx, preferences),
    updatePreferences: bound(ctx, updatePreferences),
    ...ctx.settings,
    emitDailyDigests: bound(ctx, emitDailyDigests),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
