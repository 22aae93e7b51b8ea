import {
  type AccountKind,
  notificationEndpoints,
  type UpdateNotificationPreferencesBody,
  type UpdateNotificationSettingsBody,
} from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';

export const notificationKeys = {
  all: (kind: AccountKind) => ['notifications', kind] as const,
  unread: (kind: AccountKind) => ['notifications', kind, 'unread'] as const,
  page: (kind: AccountKind, page: number, unreadOnly: boolean) =>
    ['notifications', kind, 'page', page, unreadOnly] as const,
  preferences: (kind: AccountKind) => ['notifications', kind, 'preferences'] as const,
};

/** Where each kind of account reads its notifications. */
export const notificationsPath: Record<AccountKind, string> = {
  customer: '/account/notifications',
  merchant: '/merchant/notifications',
  admin: '/admin/notifications',
  partner: '/shipping-partner/notifications',
};

/** The bell's count: asked again every minute and when the tab comes back, and at once when a live list hears. */
export function useUnreadCount(kind: AccountKind) {
  return useQuery({
    queryKey: notificationKeys.unread(kind),
    queryFn: async ({ signal }) =>
      (await api(notificationEndpoints.unreadCount, { kind, signal })).data.unreadCount,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    // The bell is secondary: a failure shows no toast, only the bell without a count.
    meta: { toast: false },
  });
}

export function useNotifications(kind: AccountKind, page: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: notificationKeys.page(kind, page, unreadOnly),
    queryFn: async ({ signal }) =>
      (
        await api(notificationEndpoints.list, {
          kind,
          query: { page, limit: 20, ...(unreadOnly ? { unread: 'true' as const } : {}) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: 'Could not get your notifications. Try again later.' } },
  });
}

export function useMarkRead(kind: AccountKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(notificationEndpoints.markRead, { kind, params: { id } }),
    meta: { toast: false },
    onError: (error) => notifyFailure('Could not mark the notification read', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(kind) }),
  });
}

export function useMarkAllRead(kind: AccountKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(notificationEndpoints.markAllRead, { kind }),
    meta: { toast: false },
    onError: (error) => notifyFailure('Could not mark your notifications read', error),
    onSuccess: (answer) => notifySuccess(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(kind) }),
  });
}

export function useNotificationPreferences(kind: AccountKind) {
  return useQuery({
    queryKey: notificationKeys.preferences(kind),
    queryFn: async ({ signal }) => (await api(notificationEndpoints.preferences, { kind, signal })).data,
    meta: { toast: { fallback: 'Could not get your notification settings. Try again later.' } },
  });
}

export function useSaveNotificationPreferences(kind: AccountKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) =>
      api(notificationEndpoints.updatePreferences, { kind, body }),
    meta: { toast: false },
    onError: (error) => notifyFailure('Could not save your notification settings', error),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      queryClient.setQueryData(notificationKeys.preferences(kind), answer.data);
    },
  });
}

export function useNotificationSettings(kind: AccountKind) {
  return useQuery({
    queryKey: [...notificationKeys.all(kind), 'settings'] as const,
    queryFn: async ({ signal }) => (await api(notificationEndpoints.settings, { kind, signal })).data,
    meta: { toast: { fallback: 'Could not get your WhatsApp and digest settings. Try again later.' } },
  });
}

export function useSaveNotificationSettings(kind: AccountKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsBody) =>
      api(notificationEndpoints.updateSettings, { kind, body }),
    meta: { toast: false },
    onError: (error) => notifyFailure('Could not save your settings', error),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      queryClient.setQueryData([...notificationKeys.all(kind), 'settings'], answer.data);
    },
  });
}
