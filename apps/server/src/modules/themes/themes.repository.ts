import {
  DEFAULT_THEME_ID,
  type PublicTestimonial,
  THEME_COLOR_DEFAULTS,
  THEME_SOCIAL_DEFAULTS,
  type ThemeSummary,
} from '@market/contracts';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  merchantThemes,
  storeThemeStates,
  themePreviewLinks,
  themes,
  themeTestimonials,
  themeVersions,
} from './themes.schema.js';

export type ThemeRow = typeof themes.$inferSelect;
export type MerchantThemeRow = typeof merchantThemes.$inferSelect;
export type TestimonialRow = typeof themeTestimonials.$inferSelect;
export type VersionRow = typeof themeVersions.$inferSelect;
export type StateRow = typeof storeThemeStates.$inferSelect;

export const previewImagePath = (slug: string) =>
  `/themes-api/themes/${encodeURIComponent(slug)}/preview.svg`;

export function toThemeSummary(row: ThemeRow): ThemeSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    previewImage: previewImagePath(row.slug),
    design: row.design,
    pages: row.pages,
    priceType: 'free',
    isDefault: row.id === DEFAULT_THEME_ID,
  };
}

export const defaultDraft = () => ({
  header: { phoneNumber: '', email: '', logo: null },
  body: { bannerMainText: '', bannerSubText: '', bannerImage: null, promoImage: null },
  color: { ...THEME_COLOR_DEFAULTS },
  social: { ...THEME_SOCIAL_DEFAULTS },
});

export function listThemes(executor: Db): Promise<ThemeRow[]> {
  return executor.select().from(themes).orderBy(asc(themes.position), asc(themes.id));
}

export async function findTheme(executor: Db, id: number): Promise<ThemeRow | undefined> {
  const [row] = await executor.select().from(themes).where(eq(themes.id, id)).limit(1);
  return row;
}

export async function findThemeBySlug(executor: Db, slug: string): Promise<ThemeRow | undefined> {
  const [row] = await executor.select().from(themes).where(eq(themes.slug, slug)).limit(1);
  return row;
}

/** Gives a store its theme state and its copy of theme 45 the first time anything asks (no-ops afterwards). */
export async function ensureStoreThemes(executor: Db, storeId: string): Promise<void> {
  const [known] = await executor
    .select({ storeId: storeThemeStates.storeId })
    .from(storeThemeStates)
    .where(eq(storeThemeStates.storeId, storeId))
    .limit(1);
  if (known) return;
  // The theme 45 copy first: once the state row exists, callers take both as given.
  await executor
    .insert(merchantThemes)
    .values({ storeId, themeId: DEFAULT_THEME_ID, ...defaultDraft() })
    .onConflictDoNothing();
  await executor.insert(storeThemeStates).values({ storeId }).onConflictDoNothing();
}

export async function findState(executor: Db, storeId: string, lock = false): Promise<StateRow | undefined> {
  const query = executor
    .select()
    .from(storeThemeStates)
    .where(eq(storeThemeStates.storeId, storeId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether the store has published its storefront theme at least once (the setup guide's step). */
export async function storeThemePublished(executor: Db, storeId: string): Promise<boolean> {
  const state = await findState(executor, storeId);
  return state?.currentVersion != null;
}

export function ownedThemes(executor: Db, storeId: string): Promise<MerchantThemeRow[]> {
  return executor.select().from(merchantThemes).where(eq(merchantThemes.storeId, storeId));
}

/** The store's copy of a theme, by its id; undefined when it is another store's (or nobody's). */
export async function findMerchantTheme(
  executor: Db,
  storeId: string,
  merchantThemeId: string,
): Promise<MerchantThemeRow | undefined> {
  const [row] = await executor
    .select()
    .from(merchantThemes)
    .where(and(eq(merchantThemes.id, merchantThemeId), eq(merchantThemes.storeId, storeId)))
    .limit(1);
  return row;
}

export async function findMerchantThemeById(
  executor: Db,
  merchantThemeId: string,
): Promise<MerchantThemeRow | undefined> {
  const [row] = await executor
    .select()
    .from(merchantThemes)
    .where(eq(merchantThemes.id, merchantThemeId))
    .limit(1);
  return row;
}

export async function findMerchantThemeOf(
  executor: Db,
  storeId: string,
  themeId: number,
): Promise<MerchantThemeRow | undefined> {
  const [row] = await executor
    .select()
    .from(merchantThemes)
    .where(and(eq(merchantThemes.storeId, storeId), eq(merchantThemes.themeId, themeId)))
    .limit(1);
  return row;
}

export function listTestimonials(executor: Db, merchantThemeId: string): Promise<TestimonialRow[]> {
  return executor
    .select()
    .from(themeTestimonials)
    .where(eq(themeTestimonials.merchantThemeId, merchantThemeId))
    .orderBy(desc(themeTestimonials.createdAt), desc(themeTestimonials.id));
}

export function toPublicTestimonial(row: TestimonialRow): PublicTestimonial {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    message: row.message,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findVersion(
  executor: Db,
  storeId: string,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await executor
    .select()
    .from(themeVersions)
    .where(and(eq(themeVersions.storeId, storeId), eq(themeVersions.version, version)))
    .limit(1);
  return row;
}

export async function latestVersionNumber(executor: Db, storeId: string): Promise<number> {
  const [row] = await executor
    .select({ latest: sql<number>`coalesce(max(${themeVersions.version}), 0)`.mapWith(Number) })
    .from(themeVersions)
    .where(eq(themeVersions.storeId, storeId));
  return row?.latest ?? 0;
}

export function listVersions(executor: Db, storeId: string) {
  return executor
    .select({
      version: themeVersions.version,
      themeId: themeVersions.themeId,
      themeSlug: themes.slug,
      themeName: themes.name,
      publishedAt: themeVersions.publishedAt,
    })
    .from(themeVersions)
    .innerJoin(themes, eq(themes.id, themeVersions.themeId))
    .where(eq(themeVersions.storeId, storeId))
    .orderBy(desc(themeVersions.version))
    .limit(100);
}

export async function findLivePreviewLink(executor: Db, tokenHash: string, now: Date) {
  const [row] = await executor
    .select()
    .from(themePreviewLinks)
    .where(and(eq(themePreviewLinks.tokenHash, tokenHash), gt(themePreviewLinks.expiresAt, now)))
    .limit(1);
  return row;
}
