import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { liveSessionIdsAmong } from '../auth/index.js';
import { findActiveMembership } from '../stores/index.js';
import { type LiveStreamChecks, liveStreams } from './live.js';
import { notificationsRoutes } from './notifications.routes.js';
import {
  createNotificationsService,
  NOTIFICATIONS_CHANGED,
  type NotificationsService,
} from './notifications.service.js';

export { type LiveStreamChecks, openLiveStreams } from './live.js';
export { NOTIFICATIONS_CHANGED, type NotificationsService } from './notifications.service.js';
export { waitedFor, wordingOf } from './notifications.wording.js';
export {
  eraseNotifications,
  notificationPreferencesForExport,
  notificationSettingsForExport,
} from './personal-data.js';

/**
 * Notifications for every account (issue 23, ADR 057): events recorded by the modules in their own transactions
 * (`deps.events.emit`) are fanned out to the people they concern, in the app, by mail and by SMS, once each.
 */
export function createNotificationsModule(
  deps: Deps,
): ServerModule<NotificationsService> & { closeStreams(): void } {
  const service = createNotificationsService(deps);
  // A stream stays open while its session lives and, for store staff, while the membership does (the auth and
  // stores modules' reads).
  const checks: LiveStreamChecks = {
    liveSessions: (ids) => liveSessionIdsAmong(deps.db, ids),
    membershipOf: (userId) => findActiveMembership(deps.db, userId),
  };
  const live = liveStreams(
    deps.changes,
    { notifications: NOTIFICATIONS_CHANGED },
    { checks, options: deps.config.live, logger: deps.logger },
  );
  return { service, routes: [...notificationsRoutes(service), ...live.routes], closeStreams: live.closeAll };
}
