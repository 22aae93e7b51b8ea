import type { ActiveTheme } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound, validation } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { findStoreById, findVisibleStoreByUrl, type StoreRow } from '../stores/index.js';
import {
  ensureStoreThemes,
  findMerchantTheme,
  findMerchantThemeOf,
  findState,
  findTheme,
  findVersion,
  listTestimonials,
  type MerchantThemeRow,
  type ThemeRow,
  toThemeSummary,
} from './themes.repository.js';
import { sameSnapshot, snapshotOf, THEME_NOT_FOUND, type ThemeStore } from './themes.rules.js';
import { merchantThemes } from './themes.schema.js';

// What the themes service's functions share (ADR 091, 102): the platform, the stores module's reads, and the
// steps every concern takes: a theme or 404, the store's own copy, the active theme as the merchant sees it, a
// draft touched, an image saved.

/** What the themes service's functions work with. */
export interface ThemesContext {
  deps: Deps;
  db: Db;
}

function themeStoreOf(store: StoreRow): ThemeStore {
  return {
    id: store.id,
    storeName: store.storeName,
    storeUrl: store.storeUrl,
    logo: store.logo,
    socials: { ...store.socials },
  };
}

/** Any store by id, as the stores module reads it (a preview link works before the store is public). */
export async function findThemeStore(executor: Db, storeId: string): Promise<ThemeStore | undefined> {
  const store = await findStoreById(executor, storeId);
  return store && themeStoreOf(store);
}

/** A public store by its URL slug (the stores module's read); the 404 envelope when there is none or it is hidden. */
export async function findPublicThemeStore(executor: Db, storeUrl: string): Promise<ThemeStore> {
  return themeStoreOf(await findVisibleStoreByUrl(executor, storeUrl));
}

export async function themeOrFail(executor: Db, themeId: number): Promise<ThemeRow> {
  const theme = await findTheme(executor, themeId);
  if (!theme) throw notFound(THEME_NOT_FOUND);
  return theme;
}

/** The store's own copy of a theme; another store's answers the same 404 as one that does not exist. */
export async function ownMerchantTheme(executor: Db, actor: StoreActor, merchantThemeId: string) {
  await ensureStoreThemes(executor, actor.storeId);
  const row = await findMerchantTheme(executor, actor.storeId, merchantThemeId);
  if (!row) throw notFound(THEME_NOT_FOUND);
  return row;
}

export async function activeTheme(_ctx: ThemesContext, executor: Db, storeId: string): Promise<ActiveTheme> {
  await ensureStoreThemes(executor, storeId);
  const state = (await findState(executor, storeId))!;
  const theme = await themeOrFail(executor, state.activeThemeId);
  const owned = (await findMerchantThemeOf(executor, storeId, theme.id))!;
  const current =
    state.currentVersion === null ? undefined : await findVersion(executor, storeId, state.currentVersion);
  const draft = snapshotOf(owned, await listTestimonials(executor, owned.id));
  const hasUnpublishedChanges =
    !current || current.merchantThemeId !== owned.id || !sameSnapshot(current.snapshot, draft);
  return {
    ...toThemeSummary(theme),
    isOwned: true,
    isActive: true,
    merchantThemeId: owned.id,
    publishedVersion: current?.version ?? null,
    publishedAt: current?.publishedAt.toISOString() ?? null,
    canRollback: current?.replacesVersion != null,
    draftUpdatedAt: owned.draftUpdatedAt.toISOString(),
    hasUnpublishedChanges,
  };
}

export async function touchDraft(
  ctx: ThemesContext,
  executor: Db,
  merchantThemeId: string,
  set: Partial<MerchantThemeRow> = {},
) {
  const [row] = await executor
    .update(merchantThemes)
    .set({ ...set, draftUpdatedAt: ctx.deps.now() })
    .where(eq(merchantThemes.id, merchantThemeId))
    .returning();
  return row!;
}

export async function saveImage(
  ctx: ThemesContext,
  actor: StoreActor,
  field: string,
  bytes: Buffer,
  purpose: string,
) {
  try {
    return await ctx.deps.media.saveImage(ctx.db, actor.userId, bytes, purpose);
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_ERROR')
      throw validation(field, error.message);
    throw error;
  }
}
