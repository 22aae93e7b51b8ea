import type { PublicStore } from '@market/contracts';
import { useOutletContext } from 'react-router';
import type { ThemeView } from '../../../features/themes/components/storefront/theme-config';

/**
 * What the storefront layout hands its pages. A module of its own, so a page reading it does not import the
 * layout: the storefront's product page shares its chunk with the marketplace's, which has no storefront (ADR 056).
 */
export interface StorefrontContext {
  store: PublicStore;
  theme: ThemeView;
}

export function useStorefrontStore(): PublicStore {
  return useOutletContext<StorefrontContext>().store;
}

/** The theme the storefront wears (the home page adds its banner and testimonials). */
export function useStorefrontThemeView(): ThemeView {
  return useOutletContext<StorefrontContext>().theme;
}
