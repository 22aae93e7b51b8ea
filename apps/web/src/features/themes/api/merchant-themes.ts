import { themeEndpoints, themePublishingEndpoints } from '@market/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { themesKeys } from './themes-keys';

/** The catalogue with your store's owned and active flags (GET /themes-api/merchant/themes). */
export function merchantThemesQueryOptions() {
  return queryOptions({
    queryKey: themesKeys.list(),
    queryFn: async ({ signal }) => (await api(themeEndpoints.list, { kind: 'merchant', signal })).data,
  });
}

export function useMerchantThemes() {
  return useQuery(merchantThemesQueryOptions());
}

/** Your active theme and its publishing state (GET /themes-api/merchant/theme). */
export function useActiveTheme() {
  return useQuery({
    queryKey: themesKeys.active(),
    queryFn: async ({ signal }) => (await api(themeEndpoints.active, { kind: 'merchant', signal })).data,
  });
}

/** Everything the catalogue, the editor and the storefront show changes together after these actions. */
function useRefreshThemes() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: themesKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['storefront-theme'] });
  };
}

/** Buys a theme of the catalogue (type free, section 9). */
export function usePurchaseTheme() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: (themeId: number) =>
      api(themeEndpoints.purchase, { kind: 'merchant', body: { themeId, type: 'free' } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Theme added to your store');
      await refresh();
    },
  });
}

/** Makes an owned theme the active one (its draft goes live). */
export function useActivateTheme() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: (themeId: number) => api(themeEndpoints.activate, { kind: 'merchant', body: { themeId } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Theme activated');
      await refresh();
    },
  });
}

/** Publishes the active theme's draft to the storefront in one click. */
export function usePublishTheme() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: () => api(themePublishingEndpoints.publish, { kind: 'merchant' }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Published to your storefront');
      await refresh();
    },
  });
}

/** Shows the previously published version on the storefront again in one click (the draft is kept). */
export function useRollbackTheme() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: () => api(themePublishingEndpoints.rollback, { kind: 'merchant' }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'The previous version is live again');
      await refresh();
    },
  });
}

/** A shareable, expiring link to a draft. */
export function useCreatePreviewLink() {
  return useMutation({
    mutationFn: (merchantThemeId: string) =>
      api(themePublishingEndpoints.createPreviewLink, { kind: 'merchant', body: { merchantThemeId } }),
  });
}
