import { type ActiveTheme, type ThemeVersion, themeContrastIssues } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { activeTheme, type ThemesContext, themeOrFail } from './themes.context.js';
import {
  ensureStoreThemes,
  findMerchantThemeOf,
  findState,
  findVersion,
  latestVersionNumber,
  listTestimonials,
  listVersions,
  type MerchantThemeRow,
} from './themes.repository.js';
import { snapshotOf, THEME_NOT_FOUND } from './themes.rules.js';
import { storeThemeStates, themeVersions } from './themes.schema.js';

// What customers see: a draft published as a new version, a theme activated, a version rolled back to.

/**
 * Writes a new version from the draft of one of the store's themes and makes it the live one. The caller holds
 * the lock on the store's theme state, so version numbers follow each other without gaps or repeats.
 */
async function publishDraft(
  ctx: ThemesContext,
  tx: Db,
  actor: StoreActor,
  owned: MerchantThemeRow,
  replacesVersion: number | null,
): Promise<void> {
  // A draft may be saved while its colours are being worked on; what customers see must read (issue 34 item 25).
  const unreadable = themeContrastIssues(owned.color);
  if (unreadable.length > 0)
    throw new AppError(
      'VALIDATION_ERROR',
      `Fix the colours before publishing: ${unreadable.map((issue) => issue.message).join('; ')}`,
      unreadable.map(({ path, message }) => ({ path, message })),
    );
  const version = (await latestVersionNumber(tx, actor.storeId)) + 1;
  const testimonials = await listTestimonials(tx, owned.id);
  const now = ctx.deps.now();
  await tx.insert(themeVersions).values({
    storeId: actor.storeId,
    version,
    themeId: owned.themeId,
    merchantThemeId: owned.id,
    snapshot: snapshotOf(owned, testimonials),
    replacesVersion,
    publishedBy: actor.userId,
    publishedAt: now,
  });
  await tx
    .update(storeThemeStates)
    .set({ activeThemeId: owned.themeId, currentVersion: version, updatedAt: now })
    .where(eq(storeThemeStates.storeId, actor.storeId));
}

/** Runs `work` holding the store's theme state row: publishing, activating and rolling back take turns. */
function withStateLock<T>(ctx: ThemesContext, actor: StoreActor, work: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await ensureStoreThemes(tx, actor.storeId);
    await findState(tx, actor.storeId, true);
    return work(tx);
  });
}

/** The owned theme becomes the active one and its draft goes live as a new version (no-op when active). */
export async function activate(ctx: ThemesContext, actor: StoreActor, themeId: number): Promise<ActiveTheme> {
  await themeOrFail(ctx.db, themeId);
  return withStateLock(ctx, actor, async (tx) => {
    const owned = await findMerchantThemeOf(tx, actor.storeId, themeId);
    if (!owned) throw conflict('Purchase this theme before you activate it');
    const state = (await findState(tx, actor.storeId))!;
    if (state.activeThemeId !== themeId || state.currentVersion === null)
      await publishDraft(ctx, tx, actor, owned, state.currentVersion);
    return activeTheme(ctx, tx, actor.storeId);
  });
}

export async function publish(ctx: ThemesContext, actor: StoreActor): Promise<ActiveTheme> {
  return withStateLock(ctx, actor, async (tx) => {
    const state = (await findState(tx, actor.storeId))!;
    const owned = await findMerchantThemeOf(tx, actor.storeId, state.activeThemeId);
    if (!owned) throw notFound(THEME_NOT_FOUND);
    await publishDraft(ctx, tx, actor, owned, state.currentVersion);
    return activeTheme(ctx, tx, actor.storeId);
  });
}

/**
 * The version that was live before the live one goes live again (rolling back twice walks further back, like
 * undo); the drafts stay as they are.
 */
export async function rollback(ctx: ThemesContext, actor: StoreActor): Promise<ActiveTheme> {
  return withStateLock(ctx, actor, async (tx) => {
    const state = (await findState(tx, actor.storeId))!;
    const current =
      state.currentVersion === null ? undefined : await findVersion(tx, actor.storeId, state.currentVersion);
    const earlier =
      current?.replacesVersion != null
        ? await findVersion(tx, actor.storeId, current.replacesVersion)
        : undefined;
    if (!earlier) throw conflict('There is no earlier published version to roll back to');
    await tx
      .update(storeThemeStates)
      .set({ activeThemeId: earlier.themeId, currentVersion: earlier.version, updatedAt: ctx.deps.now() })
      .where(eq(storeThemeStates.storeId, actor.storeId));
    return activeTheme(ctx, tx, actor.storeId);
  });
}

export async function versions(ctx: ThemesContext, actor: StoreActor): Promise<{ versions: ThemeVersion[] }> {
  await ensureStoreThemes(ctx.db, actor.storeId);
  const [state, rows] = await Promise.all([
    findState(ctx.db, actor.storeId),
    listVersions(ctx.db, actor.storeId),
  ]);
  return {
    versions: rows.map((row) => ({
      ...row,
      publishedAt: row.publishedAt.toISOString(),
      isCurrent: row.version === state?.currentVersion,
    })),
  };
}
