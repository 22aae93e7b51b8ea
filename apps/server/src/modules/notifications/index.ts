import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { type LiveStreamChecks, liveStreams } from './live.js';
import { notificationsRoutes } from './notifications.routes.js';
import {
  createNotificationsService,
  NOTIFICATIONS_CHANGED,
  type NotificationsNeeds,
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
  needs: NotificationsNeeds & { liveChecks: LiveStreamChecks },
): ServerModule<NotificationsService> & { closeStreams(): void } {
  const service = createNotificationsService(deps, needs);
  const live = liveStreams(
    deps.changes,
    { notifications: NOTIFICATIONS_CHANGED },
    { checks: needs.liveChecks, options: deps.config.live, logger: deps.logger },
  );
  return { service, routes: [...notificationsRoutes(service), ...live.routes], closeStreams: live.closeAll };
}
