import { randomBytes } from 'node:crypto';
import {
  DEFAULT_THEME_ID,
  type PreviewLink,
  type StorefrontTheme,
  THEME_PREVIEW_TTL_SECONDS,
} from '@market/contracts';
import { notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import {
  findPublicThemeStore,
  findThemeStore,
  ownMerchantTheme,
  type ThemesContext,
  themeOrFail,
} from './themes.context.js';
import {
  defaultDraft,
  findLivePreviewLink,
  findMerchantThemeById,
  findState,
  findVersion,
  listTestimonials,
} from './themes.repository.js';
import { hashToken, snapshotOf, storefrontOf } from './themes.rules.js';
import { themePreviewLinks } from './themes.schema.js';

// What a visitor sees: a draft through a preview link, and a public store's published theme.

export async function createPreviewLink(
  ctx: ThemesContext,
  actor: StoreActor,
  merchantThemeId: string,
): Promise<PreviewLink> {
  const owned = await ownMerchantTheme(ctx.db, actor, merchantThemeId);
  const [theme, store] = await Promise.all([
    themeOrFail(ctx.db, owned.themeId),
    findThemeStore(ctx.db, actor.storeId),
  ]);
  if (!store) throw notFound('Store not found');
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(ctx.deps.now().getTime() + THEME_PREVIEW_TTL_SECONDS * 1000);
  await ctx.db.insert(themePreviewLinks).values({
    tokenHash: hashToken(token),
    storeId: actor.storeId,
    merchantThemeId: owned.id,
    createdBy: actor.userId,
    expiresAt,
  });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    merchantThemeId: owned.id,
    themeSlug: theme.slug,
    storeUrl: store.storeUrl,
  };
}

/** The draft a live preview link points at; unknown and expired links answer the same 404. */
export async function preview(ctx: ThemesContext, token: string): Promise<StorefrontTheme> {
  const link = await findLivePreviewLink(ctx.db, hashToken(token), ctx.deps.now());
  const owned = link ? await findMerchantThemeById(ctx.db, link.merchantThemeId) : undefined;
  const store = link ? await findThemeStore(ctx.db, link.storeId) : undefined;
  if (!link || !owned || !store) throw notFound('This preview link has expired or does not exist');
  const theme = await themeOrFail(ctx.db, owned.themeId);
  const snapshot = snapshotOf(owned, await listTestimonials(ctx.db, owned.id));
  return storefrontOf(store, theme, snapshot, undefined, { expiresAt: link.expiresAt });
}

/** A public store's published theme; theme 45 with the defaults while it never published. */
export async function storefront(ctx: ThemesContext, storeUrl: string): Promise<StorefrontTheme> {
  const store = await findPublicThemeStore(ctx.db, storeUrl);
  const state = await findState(ctx.db, store.id);
  const current =
    state?.currentVersion != null ? await findVersion(ctx.db, store.id, state.currentVersion) : undefined;
  if (!current) {
    const theme = await themeOrFail(ctx.db, DEFAULT_THEME_ID);
    return storefrontOf(store, theme, { ...defaultDraft(), testimonials: [] }, undefined, undefined);
  }
  const theme = await themeOrFail(ctx.db, current.themeId);
  return storefrontOf(store, theme, current.snapshot, current, undefined);
}
