import {
  DEFAULT_THEME_ID,
  type MerchantThemeItem,
  type MerchantThemes,
  type ThemeSummary,
} from '@market/contracts';
import { conflict, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { type ThemesContext, themeOrFail } from './themes.context.js';
import { themePreviewSvg } from './themes.preview-image.js';
import {
  defaultDraft,
  ensureStoreThemes,
  findState,
  findThemeBySlug,
  listThemes,
  ownedThemes,
  toThemeSummary,
} from './themes.repository.js';
import { THEME_NOT_FOUND } from './themes.rules.js';
import { merchantThemes } from './themes.schema.js';

// The catalogue of themes, and the ones a store owns.

export async function catalogue(ctx: ThemesContext): Promise<ThemeSummary[]> {
  return (await listThemes(ctx.db)).map(toThemeSummary);
}

export async function previewImage(ctx: ThemesContext, slug: string): Promise<string> {
  const theme = await findThemeBySlug(ctx.db, slug);
  if (!theme) throw notFound(THEME_NOT_FOUND);
  return themePreviewSvg(theme);
}

export async function list(ctx: ThemesContext, actor: StoreActor): Promise<MerchantThemes> {
  await ensureStoreThemes(ctx.db, actor.storeId);
  const [catalogue, owned, state] = await Promise.all([
    listThemes(ctx.db),
    ownedThemes(ctx.db, actor.storeId),
    findState(ctx.db, actor.storeId),
  ]);
  const activeThemeId = state?.activeThemeId ?? DEFAULT_THEME_ID;
  const byTheme = new Map(owned.map((row) => [row.themeId, row]));
  return {
    activeThemeId,
    themes: catalogue.map(
      (theme): MerchantThemeItem => ({
        ...toThemeSummary(theme),
        isOwned: byTheme.has(theme.id),
        isActive: theme.id === activeThemeId,
        merchantThemeId: byTheme.get(theme.id)?.id ?? null,
      }),
    ),
  };
}

export async function purchase(
  ctx: ThemesContext,
  actor: StoreActor,
  themeId: number,
): Promise<MerchantThemeItem> {
  const theme = await themeOrFail(ctx.db, themeId);
  await ensureStoreThemes(ctx.db, actor.storeId);
  const [row] = await ctx.db
    .insert(merchantThemes)
    .values({ storeId: actor.storeId, themeId: theme.id, ...defaultDraft() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('You already own this theme');
  const state = await findState(ctx.db, actor.storeId);
  return {
    ...toThemeSummary(theme),
    isOwned: true,
    isActive: state?.activeThemeId === theme.id,
    merchantThemeId: row.id,
  };
}
