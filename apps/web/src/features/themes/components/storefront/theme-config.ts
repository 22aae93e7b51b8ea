import {
  type PublicTestimonial,
  type StorefrontTheme,
  THEME_COLOR_DEFAULTS,
  type ThemeBody,
  type ThemeColor,
  type ThemeColorField,
  type ThemeDesign,
  type ThemeHeader,
  type ThemeSocialField,
  type ThemeSocialMedia,
  themeSocialFields,
} from '@market/contracts';
import type { CSSProperties } from 'react';

/**
 * What a themed storefront shows. The storefront, the editor's live preview and the full-screen previews all
 * render this one shape, so what the merchant sees while typing is what customers see after publishing.
 */
export interface ThemeView {
  design: ThemeDesign;
  storeName: string;
  header: ThemeHeader;
  body: ThemeBody;
  colours: ThemeColor;
  socials: ThemeSocialMedia;
  testimonials: PublicTestimonial[];
}

/** The design of theme 45 (the default), used until the themes service answers or when it cannot. */
export const DEFAULT_DESIGN: ThemeDesign = {
  layout: 'classic',
  typography: 'sans',
  hero: 'split',
  productGrid: 'grid-4',
};

const oddNames: Partial<Record<ThemeSocialField, string>> = {
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  tiktok: 'TikTok',
};

/** "Facebook", "YouTube", "X (Twitter)"… */
export const socialLabel = (network: ThemeSocialField): string =>
  oddNames[network] ?? network[0]!.toUpperCase() + network.slice(1);

/** A storefront's view from the themes service's answer (published version or a draft by preview link). */
export function themeViewOf(theme: StorefrontTheme): ThemeView {
  return {
    design: theme.theme.design,
    storeName: theme.store.storeName,
    header: { ...theme.header, logo: theme.header.logo ?? theme.store.logo },
    body: theme.body,
    colours: theme.color,
    socials: theme.social,
    testimonials: theme.testimonials,
  };
}

/** A store without a theme answer (the service is down): theme 45's defaults with the store's logo and socials. */
export function defaultThemeView(store: {
  storeName: string;
  logo: string | null;
  socials: Record<string, string>;
}): ThemeView {
  return {
    design: DEFAULT_DESIGN,
    storeName: store.storeName,
    header: { logo: store.logo, phoneNumber: '', email: '' },
    body: { bannerMainText: '', bannerSubText: '', bannerImage: null, promoImage: null },
    colours: THEME_COLOR_DEFAULTS,
    socials: store.socials as ThemeSocialMedia,
    testimonials: [],
  };
}

/** `--sf-headings-links`, `--sf-body-text`, `--sf-primary-button`…: what storefront components read. */
const variableOf = (field: string) =>
  `--sf-${field.replace('AndLinks', 'Links').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** CSS custom properties of the colours (storefront components read them); a missing colour keeps its default. */
export function coloursStyle(colours: Partial<ThemeColor>): CSSProperties {
  return Object.fromEntries(
    (Object.keys(THEME_COLOR_DEFAULTS) as ThemeColorField[]).map((key) => {
      return [variableOf(key), colours[key] || THEME_COLOR_DEFAULTS[key]];
    }),
  ) as CSSProperties;
}

/** Only https links (and WhatsApp numbers) become links: a theme never links to `javascript:` or plain http. */
export function socialHref(network: ThemeSocialField, value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/^https:\/\/[^\s]+$/i.test(text)) return text;
  if (network === 'whatsapp') {
    const digits = text.replace(/[^\d]/g, '');
    if (digits.length >= 7)
      return `https://wa.me/${digits.startsWith('0') ? `234${digits.slice(1)}` : digits}`;
  }
  return null;
}

export { themeSocialFields };
