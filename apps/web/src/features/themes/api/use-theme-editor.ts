import {
  type TestimonialBody,
  THEME_MESSAGES,
  THEME_SOCIAL_DEFAULTS,
  type ThemeColorBody,
  type ThemeCustomization,
  type ThemeSocialBody,
  type ThemeSocialMedia,
  themeEndpoints,
} from '@market/contracts';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { themesKeys } from './themes-keys';

/** Failures that section 8 says are "only logged with no message". */
function logOnly(what: string) {
  return (error: unknown) => {
    console.error(`Theme editor: ${what} failed`, error);
  };
}

/** Logs a failed fetch and rethrows it, so the query fails (and loading ends) with no toast. */
async function logged<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    logOnly(what)(error);
    throw error;
  }
}

/** Section 5: on load, phone number and email are converted to text; socials reset to empty when none came. */
export function normaliseCustomization(data: ThemeCustomization): ThemeCustomization {
  return {
    ...data,
    themeHeader: {
      ...data.themeHeader,
      phoneNumber: String(data.themeHeader.phoneNumber ?? ''),
      email: String(data.themeHeader.email ?? ''),
    },
    themeSocialMedia: socialsOrEmpty(data.themeSocialMedia),
  };
}

/** The server's social answer, or every social field empty when it has none (section 4). */
export function socialsOrEmpty(socials: Partial<ThemeSocialMedia> | null | undefined): ThemeSocialMedia {
  if (!socials || Object.keys(socials).length === 0) return { ...THEME_SOCIAL_DEFAULTS };
  return { ...THEME_SOCIAL_DEFAULTS, ...socials };
}

export interface BodyInput {
  title: string;
  subtitle: string;
  bannerImage?: File | null;
  promoImage?: File | null;
}

/** Section 5: the title only if present, as a one-item list; subtitle and images only if present. */
export function bodyForm(merchantThemeId: string, input: BodyInput): FormData {
  const form = new FormData();
  form.append('merchantThemeId', merchantThemeId);
  if (input.title) form.append('bannerMainText[]', input.title);
  if (input.subtitle) form.append('bannerSubText', input.subtitle);
  if (input.bannerImage) form.append('bannerImage', input.bannerImage);
  if (input.promoImage) form.append('promoImage', input.promoImage);
  return form;
}

export interface HeaderInput {
  phoneNumber: string;
  email: string;
  logo?: File | null;
}

/** Section 5: phoneNumber and email each as a one-item list; the logo only if present. */
export function headerForm(merchantThemeId: string, input: HeaderInput): FormData {
  const form = new FormData();
  form.append('merchantThemeId', merchantThemeId);
  form.append('phoneNumber[]', input.phoneNumber);
  form.append('email[]', input.email);
  if (input.logo) form.append('logo', input.logo);
  return form;
}

type Saves = 'header' | 'body' | 'social' | 'color' | 'add-testimonial' | 'delete-testimonial';
const saveKey = (merchantThemeId: string, what: Saves) => ['theme-save', merchantThemeId, what] as const;

/**
 * The theme editing state of sections 3–5 and 8 for one of the store's themes. `loading` is true at start, false
 * once a fetch ends (whether it succeeded or failed), and true while a header, body, social, colour or testimonial
 * save runs. Fetch failures and header, social and testimonial failures are only logged; a body failure toasts
 * 'Update failed' and a colour failure 'Theme updated failed'; header, social, colour and testimonial saves toast
 * 'Theme updated'. After a testimonial is saved or deleted the list is reloaded. Saves edit the draft.
 */
export function useThemeEditor(merchantThemeId: string | undefined, { resolving = false } = {}) {
  const queryClient = useQueryClient();
  const id = merchantThemeId ?? '';
  const customizationKey = themesKeys.customization(id);
  const testimonialsKey = themesKeys.testimonials(id);

  const customization = useQuery({
    queryKey: customizationKey,
    queryFn: ({ signal }) =>
      logged('fetching the customisation', async () =>
        normaliseCustomization(
          (await api(themeEndpoints.customization, { kind: 'merchant', params: { themeId: id }, signal }))
            .data,
        ),
      ),
    enabled: Boolean(merchantThemeId),
    meta: { toast: false },
  });

  const testimonials = useQuery({
    queryKey: testimonialsKey,
    queryFn: ({ signal }) =>
      logged(
        'fetching the testimonials',
        async () =>
          (
            await api(themeEndpoints.testimonials, {
              kind: 'merchant',
              query: { merchantThemeId: id },
              signal,
            })
          ).data,
      ),
    enabled: Boolean(merchantThemeId),
    meta: { toast: false },
  });

  const patch = (change: (current: ThemeCustomization) => ThemeCustomization) =>
    queryClient.setQueryData<ThemeCustomization>(customizationKey, (current) =>
      current ? change(current) : current,
    );
  const draftChanged = () => queryClient.invalidateQueries({ queryKey: themesKeys.active() });
  const reloadTestimonials = () => queryClient.invalidateQueries({ queryKey: testimonialsKey });

  const saveHeader = useMutation({
    mutationKey: saveKey(id, 'header'),
    mutationFn: (input: HeaderInput) =>
      api(themeEndpoints.saveHeader, { kind: 'merchant', form: headerForm(id, input) }),
    onSuccess: async (answer) => {
      patch((current) => ({
        ...current,
        themeHeader: {
          ...answer.data,
          phoneNumber: String(answer.data.phoneNumber ?? ''),
          email: String(answer.data.email ?? ''),
        },
      }));
      notifySuccess(THEME_MESSAGES.updated);
      await draftChanged();
    },
    onError: logOnly('saving the header'),
    meta: { toast: false },
  });

  const saveBody = useMutation({
    mutationKey: saveKey(id, 'body'),
    mutationFn: (input: BodyInput) =>
      api(themeEndpoints.saveBody, { kind: 'merchant', form: bodyForm(id, input) }),
    onSuccess: async (answer) => {
      patch((current) => ({ ...current, themeBody: answer.data }));
      await draftChanged();
    },
    onError: (error) => notifyFailure(THEME_MESSAGES.bodyFailed, error),
    meta: { toast: false },
  });

  const saveSocial = useMutation({
    mutationKey: saveKey(id, 'social'),
    mutationFn: (socials: Omit<ThemeSocialBody, 'merchantThemeId'>) =>
      api(themeEndpoints.saveSocial, { kind: 'merchant', body: { ...socials, merchantThemeId: id } }),
    onSuccess: async (answer) => {
      patch((current) => ({ ...current, themeSocialMedia: socialsOrEmpty(answer.data) }));
      notifySuccess(THEME_MESSAGES.updated);
      await draftChanged();
    },
    onError: logOnly('saving the social links'),
    meta: { toast: false },
  });

  const saveColor = useMutation({
    mutationKey: saveKey(id, 'color'),
    mutationFn: (colours: Omit<ThemeColorBody, 'merchantThemeId'>) =>
      api(themeEndpoints.saveColor, { kind: 'merchant', body: { ...colours, merchantThemeId: id } }),
    onSuccess: async (answer) => {
      // Section 7: the colour answer holds phoneNumber, email and logo, stored as the header.
      const { themeColor, ...header } = answer.data;
      patch((current) => ({
        ...current,
        themeHeader: {
          ...header,
          phoneNumber: String(header.phoneNumber ?? ''),
          email: String(header.email ?? ''),
        },
        themeColor: themeColor ?? current.themeColor,
      }));
      notifySuccess(THEME_MESSAGES.updated);
      await draftChanged();
    },
    onError: (error) => notifyFailure(THEME_MESSAGES.colorFailed, error),
    meta: { toast: false },
  });

  const addTestimonial = useMutation({
    mutationKey: saveKey(id, 'add-testimonial'),
    mutationFn: (testimonial: Omit<TestimonialBody, 'merchantThemeId'>) =>
      api(themeEndpoints.addTestimonial, { kind: 'merchant', body: { ...testimonial, merchantThemeId: id } }),
    onSuccess: async () => {
      notifySuccess(THEME_MESSAGES.updated);
      await Promise.all([reloadTestimonials(), draftChanged()]);
    },
    onError: logOnly('adding a testimonial'),
    meta: { toast: false },
  });

  const deleteTestimonial = useMutation({
    mutationKey: saveKey(id, 'delete-testimonial'),
    mutationFn: (testimonialId: string) =>
      api(themeEndpoints.deleteTestimonial, { kind: 'merchant', params: { id: testimonialId } }),
    onSuccess: async () => {
      notifySuccess(THEME_MESSAGES.updated);
      await Promise.all([reloadTestimonials(), draftChanged()]);
    },
    onError: logOnly('deleting a testimonial'),
    meta: { toast: false },
  });

  const saving = useIsMutating({ mutationKey: ['theme-save', id] }) > 0;
  const loading =
    (!merchantThemeId && resolving) ||
    customization.isFetching ||
    testimonials.isFetching ||
    saving ||
    (Boolean(merchantThemeId) && customization.isPending && !customization.isError);

  return {
    loading,
    customization,
    testimonials,
    saveHeader,
    saveBody,
    saveSocial,
    saveColor,
    addTestimonial,
    deleteTestimonial,
  };
}
