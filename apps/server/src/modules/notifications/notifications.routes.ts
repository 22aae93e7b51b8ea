import {
  NOTIFICATION_PREFERENCES_SAVED,
  NOTIFICATION_SETTINGS_SAVED,
  notificationEndpoints,
} from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { NotificationsService } from './notifications.service.js';

export function notificationsRoutes(notifications: NotificationsService): RouteDefinition[] {
  return [
    route(notificationEndpoints.list, async ({ auth, query }) => ({
      message: 'Notifications',
      data: await notifications.list(auth.userId, query),
    })),
    route(notificationEndpoints.unreadCount, async ({ auth }) => ({
      message: 'Unread notifications',
      data: { unreadCount: await notifications.unreadCount(auth.userId) },
    })),
    route(notificationEndpoints.markRead, async ({ auth, params }) => ({
      message: 'Notification marked read',
      data: await notifications.markRead(auth.userId, params.id),
    })),
    route(notificationEndpoints.markAllRead, async ({ auth }) => ({
      message: 'All notifications marked read',
      data: { marked: await notifications.markAllRead(auth.userId) },
    })),
    route(notificationEndpoints.preferences, async ({ auth }) => ({
      message: 'Notification settings',
      data: await notifications.preferences(auth.userId, auth.kind, auth.permissions),
    })),
    route(notificationEndpoints.updatePreferences, async ({ auth, body }) => ({
      message: NOTIFICATION_PREFERENCES_SAVED,
      data: await notifications.updatePreferences(auth.userId, auth.kind, auth.permissions, body),
    })),
    route(notificationEndpoints.settings, async ({ auth }) => ({
      message: 'Notification settings',
      data: await notifications.settings(auth.userId),
    })),
    route(notificationEndpoints.updateSettings, async ({ auth, body }) => ({
      message: NOTIFICATION_SETTINGS_SAVED,
      data: await notifications.updateSettings(auth.userId, auth.kind, body),
    })),
  ];
}
