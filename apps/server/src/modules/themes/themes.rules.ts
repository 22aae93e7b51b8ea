import { createHash } from 'node:crypto';
import {
  type StorefrontTheme,
  type Testimonial,
  type ThemeSocialMedia,
  themeSocialFields,
} from '@market/contracts';
import {
  type MerchantThemeRow,
  type TestimonialRow,
  type ThemeRow,
  toPublicTestimonial,
  toThemeSummary,
} from './themes.repository.js';
import type { ThemeSnapshot } from './themes.schema.js';

// The themes module's types and rules that need no database: the store facts it shows, what a save
// carries, a version's snapshot and how two compare, what a storefront shows (ADR 091).

/** The store facts a storefront header needs. */
export interface ThemeStore {
  id: string;
  storeName: string;
  storeUrl: string;
  logo: string | null;
  /** The store profile's social links (only the filled ones); a theme's own link for a network wins. */
  socials?: Partial<Record<string, string>>;
}

/**
 * The theme's social links with the store profile's filling the networks the theme leaves empty: a merchant who
 * set links on the profile keeps them after publishing a theme (issue 23), one who set them in the theme sees those.
 */
export function mergedSocial(theme: ThemeSocialMedia, profile: Partial<Record<string, string>> | undefined) {
  const merged = { ...theme };
  for (const field of themeSocialFields) {
    if (!merged[field]?.trim() && profile?.[field]) merged[field] = profile[field]!;
  }
  return merged;
}

export const THEME_NOT_FOUND = 'Theme not found';

/** The images a body or header save may carry: bytes to store, null to remove, undefined to keep. */
export type ImageChange = Buffer | null | undefined;

export interface BodySave {
  merchantThemeId: string;
  bannerMainText?: string;
  bannerSubText?: string;
  bannerImage?: ImageChange;
  promoImage?: ImageChange;
}

export interface HeaderSave {
  merchantThemeId: string;
  phoneNumber?: string;
  email?: string;
  logo?: ImageChange;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function testimonialOut(row: TestimonialRow): Testimonial {
  return { ...toPublicTestimonial(row), merchantThemeId: row.merchantThemeId };
}

export function snapshotOf(row: MerchantThemeRow, testimonials: TestimonialRow[]): ThemeSnapshot {
  return {
    header: row.header,
    body: row.body,
    color: row.color,
    social: row.social,
    testimonials: testimonials.map(toPublicTestimonial),
  };
}

/** Field order does not matter: compares the canonical JSON of two snapshots. */
export function sameSnapshot(first: ThemeSnapshot, second: ThemeSnapshot): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, item]) => [key, canonical(item)]),
          )
        : value;
  return JSON.stringify(canonical(first)) === JSON.stringify(canonical(second));
}

/** What a storefront renders for a store with a theme and a snapshot (published or draft). */
export function storefrontOf(
  store: ThemeStore,
  theme: ThemeRow,
  snapshot: ThemeSnapshot,
  version: { version: number; publishedAt: Date } | undefined,
  preview: { expiresAt: Date } | undefined,
): StorefrontTheme {
  const { socials, ...storeFacts } = store;
  return {
    store: storeFacts,
    theme: toThemeSummary(theme),
    version: version?.version ?? null,
    publishedAt: version?.publishedAt.toISOString() ?? null,
    header: snapshot.header,
    body: snapshot.body,
    color: snapshot.color,
    social: mergedSocial(snapshot.social, socials),
    testimonials: snapshot.testimonials,
    preview: preview ? { expiresAt: preview.expiresAt.toISOString() } : null,
  };
}
