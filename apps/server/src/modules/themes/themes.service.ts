import { randomBytes } from 'node:crypto';
import {
  type ActiveTheme,
  DEFAULT_THEME_ID,
  labelContrastIssue,
  MAX_TESTIMONIALS,
  type MerchantThemeItem,
  type MerchantThemes,
  type PreviewLink,
  type StorefrontTheme,
  type Testimonial,
  THEME_PREVIEW_TTL_SECONDS,
  type ThemeBody,
  type ThemeColor,
  type ThemeColorField,
  type ThemeCustomization,
  type ThemeHeader,
  type ThemeSocialField,
  type ThemeSocialMedia,
  type ThemeSummary,
  type ThemeVersion,
  themeColorFields,
  themeContrastIssues,
  themeSocialFields,
} from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { themePreviewSvg } from './themes.preview-image.js';
import {
  defaultDraft,
  ensureStoreThemes,
  findLivePreviewLink,
  findMerchantTheme,
  findMerchantThemeById,
  findMerchantThemeOf,
  findState,
  findTheme,
  findThemeBySlug,
  findVersion,
  latestVersionNumber,
  listTestimonials,
  listThemes,
  listVersions,
  type MerchantThemeRow,
  ownedThemes,
  type ThemeRow,
  toThemeSummary,
} from './themes.repository.js';
import {
  type BodySave,
  type HeaderSave,
  hashToken,
  sameSnapshot,
  snapshotOf,
  storefrontOf,
  THEME_NOT_FOUND,
  type ThemesNeeds,
  testimonialOut,
} from './themes.rules.js';
import {
  merchantThemes,
  storeThemeStates,
  themePreviewLinks,
  themeTestimonials,
  themeVersions,
} from './themes.schema.js';

export function createThemesService(deps: Deps, needs: ThemesNeeds) {
  const { db } = deps;

  async function themeOrFail(executor: Db, themeId: number): Promise<ThemeRow> {
    const theme = await findTheme(executor, themeId);
    if (!theme) throw notFound(THEME_NOT_FOUND);
    return theme;
  }

  /** The store's own copy of a theme; another store's answers the same 404 as one that does not exist. */
  async function ownMerchantTheme(executor: Db, actor: StoreActor, merchantThemeId: string) {
    await ensureStoreThemes(executor, actor.storeId);
    const row = await findMerchantTheme(executor, actor.storeId, merchantThemeId);
    if (!row) throw notFound(THEME_NOT_FOUND);
    return row;
  }

  async function activeTheme(executor: Db, storeId: string): Promise<ActiveTheme> {
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

  /**
   * Writes a new version from the draft of one of the store's themes and makes it the live one. The caller holds
   * the lock on the store's theme state, so version numbers follow each other without gaps or repeats.
   */
  async function publishDraft(
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
    const now = deps.now();
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
  function withStateLock<T>(actor: StoreActor, work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await ensureStoreThemes(tx, actor.storeId);
      await findState(tx, actor.storeId, true);
      return work(tx);
    });
  }

  async function touchDraft(executor: Db, merchantThemeId: string, set: Partial<MerchantThemeRow> = {}) {
    const [row] = await executor
      .update(merchantThemes)
      .set({ ...set, draftUpdatedAt: deps.now() })
      .where(eq(merchantThemes.id, merchantThemeId))
      .returning();
    return row!;
  }

  async function saveImage(actor: StoreActor, field: string, bytes: Buffer, purpose: string) {
    try {
      return await deps.media.saveImage(db, actor.userId, bytes, purpose);
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR')
        throw validation(field, error.message);
      throw error;
    }
  }

  return {
    async catalogue(): Promise<ThemeSummary[]> {
      return (await listThemes(db)).map(toThemeSummary);
    },

    async previewImage(slug: string): Promise<string> {
      const theme = await findThemeBySlug(db, slug);
      if (!theme) throw notFound(THEME_NOT_FOUND);
      return themePreviewSvg(theme);
    },

    async list(actor: StoreActor): Promise<MerchantThemes> {
      await ensureStoreThemes(db, actor.storeId);
      const [catalogue, owned, state] = await Promise.all([
        listThemes(db),
        ownedThemes(db, actor.storeId),
        findState(db, actor.storeId),
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
    },

    active: (actor: StoreActor) => activeTheme(db, actor.storeId),

    async purchase(actor: StoreActor, themeId: number): Promise<MerchantThemeItem> {
      const theme = await themeOrFail(db, themeId);
      await ensureStoreThemes(db, actor.storeId);
      const [row] = await db
        .insert(merchantThemes)
        .values({ storeId: actor.storeId, themeId: theme.id, ...defaultDraft() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('You already own this theme');
      const state = await findState(db, actor.storeId);
      return {
        ...toThemeSummary(theme),
        isOwned: true,
        isActive: state?.activeThemeId === theme.id,
        merchantThemeId: row.id,
      };
    },

    /** The owned theme becomes the active one and its draft goes live as a new version (no-op when active). */
    async activate(actor: StoreActor, themeId: number): Promise<ActiveTheme> {
      await themeOrFail(db, themeId);
      return withStateLock(actor, async (tx) => {
        const owned = await findMerchantThemeOf(tx, actor.storeId, themeId);
        if (!owned) throw conflict('Purchase this theme before you activate it');
        const state = (await findState(tx, actor.storeId))!;
        if (state.activeThemeId !== themeId || state.currentVersion === null)
          await publishDraft(tx, actor, owned, state.currentVersion);
        return activeTheme(tx, actor.storeId);
      });
    },

    async publish(actor: StoreActor): Promise<ActiveTheme> {
      return withStateLock(actor, async (tx) => {
        const state = (await findState(tx, actor.storeId))!;
        const owned = await findMerchantThemeOf(tx, actor.storeId, state.activeThemeId);
        if (!owned) throw notFound(THEME_NOT_FOUND);
        await publishDraft(tx, actor, owned, state.currentVersion);
        return activeTheme(tx, actor.storeId);
      });
    },

    /**
     * The version that was live before the live one goes live again (rolling back twice walks further back, like
     * undo); the drafts stay as they are.
     */
    async rollback(actor: StoreActor): Promise<ActiveTheme> {
      return withStateLock(actor, async (tx) => {
        const state = (await findState(tx, actor.storeId))!;
        const current =
          state.currentVersion === null
            ? undefined
            : await findVersion(tx, actor.storeId, state.currentVersion);
        const earlier =
          current?.replacesVersion != null
            ? await findVersion(tx, actor.storeId, current.replacesVersion)
            : undefined;
        if (!earlier) throw conflict('There is no earlier published version to roll back to');
        await tx
          .update(storeThemeStates)
          .set({ activeThemeId: earlier.themeId, currentVersion: earlier.version, updatedAt: deps.now() })
          .where(eq(storeThemeStates.storeId, actor.storeId));
        return activeTheme(tx, actor.storeId);
      });
    },

    async versions(actor: StoreActor): Promise<{ versions: ThemeVersion[] }> {
      await ensureStoreThemes(db, actor.storeId);
      const [state, rows] = await Promise.all([
        findState(db, actor.storeId),
        listVersions(db, actor.storeId),
      ]);
      return {
        versions: rows.map((row) => ({
          ...row,
          publishedAt: row.publishedAt.toISOString(),
          isCurrent: row.version === state?.currentVersion,
        })),
      };
    },

    async customization(actor: StoreActor, merchantThemeId: string): Promise<ThemeCustomization> {
      const row = await ownMerchantTheme(db, actor, merchantThemeId);
      return {
        merchantThemeId: row.id,
        themeId: row.themeId,
        themeHeader: row.header,
        themeBody: row.body,
        themeColor: row.color,
        themeSocialMedia: row.social,
        draftUpdatedAt: row.draftUpdatedAt.toISOString(),
      };
    },

    async saveBody(actor: StoreActor, input: BodySave): Promise<ThemeBody> {
      await ownMerchantTheme(db, actor, input.merchantThemeId);
      const images: Partial<Pick<ThemeBody, 'bannerImage' | 'promoImage'>> = {};
      for (const field of ['bannerImage', 'promoImage'] as const) {
        const change = input[field];
        if (change === null) images[field] = null;
        else if (change)
          images[field] = (await saveImage(actor, field, change, `theme-${field}`)).urls['1200'];
      }
      return db.transaction(async (tx) => {
        const current = await findMerchantTheme(tx, actor.storeId, input.merchantThemeId);
        if (!current) throw notFound(THEME_NOT_FOUND);
        const body: ThemeBody = {
          ...current.body,
          ...(input.bannerMainText !== undefined ? { bannerMainText: input.bannerMainText } : {}),
          ...(input.bannerSubText !== undefined ? { bannerSubText: input.bannerSubText } : {}),
          ...images,
        };
        return (await touchDraft(tx, current.id, { body })).body;
      });
    },

    async saveHeader(actor: StoreActor, input: HeaderSave): Promise<ThemeHeader> {
      await ownMerchantTheme(db, actor, input.merchantThemeId);
      const logo =
        input.logo === null
          ? null
          : input.logo
            ? (await saveImage(actor, 'logo', input.logo, 'theme-logo')).urls['400']
            : undefined;
      return db.transaction(async (tx) => {
        const current = await findMerchantTheme(tx, actor.storeId, input.merchantThemeId);
        if (!current) throw notFound(THEME_NOT_FOUND);
        const header: ThemeHeader = {
          ...current.header,
          ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(logo !== undefined ? { logo } : {}),
        };
        return (await touchDraft(tx, current.id, { header })).header;
      });
    },

    async saveSocial(
      actor: StoreActor,
      input: { merchantThemeId: string } & Partial<Record<ThemeSocialField, string>>,
    ) {
      return db.transaction(async (tx): Promise<ThemeSocialMedia> => {
        const current = await ownMerchantTheme(tx, actor, input.merchantThemeId);
        const social = { ...current.social };
        for (const field of themeSocialFields) {
          const value = input[field];
          if (typeof value === 'string') social[field] = value;
        }
        return (await touchDraft(tx, current.id, { social })).social;
      });
    },

    /** Only the colours sent change; the result must keep the primary label readable on the button. */
    async saveColor(
      actor: StoreActor,
      input: { merchantThemeId: string } & Partial<Record<ThemeColorField, string>>,
    ) {
      return db.transaction(async (tx): Promise<ThemeHeader & { themeColor: ThemeColor }> => {
        const current = await ownMerchantTheme(tx, actor, input.merchantThemeId);
        const color = { ...current.color };
        for (const field of themeColorFields) {
          const value = input[field];
          if (typeof value === 'string') color[field] = value;
        }
        const issue = labelContrastIssue(color);
        if (issue) throw new AppError('VALIDATION_ERROR', issue.message, [issue]);
        const row = await touchDraft(tx, current.id, { color });
        return { ...row.header, themeColor: row.color };
      });
    },

    async testimonials(actor: StoreActor, merchantThemeId: string): Promise<Testimonial[]> {
      const row = await ownMerchantTheme(db, actor, merchantThemeId);
      return (await listTestimonials(db, row.id)).map(testimonialOut);
    },

    async addTestimonial(
      actor: StoreActor,
      input: { merchantThemeId: string; name: string; title: string; message: string; rating: number },
    ): Promise<Testimonial> {
      return db.transaction(async (tx) => {
        const owned = await ownMerchantTheme(tx, actor, input.merchantThemeId);
        // Serialises adds of one theme so the limit holds under concurrent requests.
        await tx.select().from(merchantThemes).where(eq(merchantThemes.id, owned.id)).for('update');
        if ((await listTestimonials(tx, owned.id)).length >= MAX_TESTIMONIALS)
          throw conflict(`A theme holds at most ${MAX_TESTIMONIALS} testimonials; delete one first`);
        const [row] = await tx
          .insert(themeTestimonials)
          .values({
            merchantThemeId: owned.id,
            name: input.name,
            title: input.title,
            message: input.message,
            rating: input.rating,
            createdAt: deps.now(),
          })
          .returning();
        await touchDraft(tx, owned.id);
        return testimonialOut(row!);
      });
    },

    async deleteTestimonial(actor: StoreActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: themeTestimonials.id, merchantThemeId: themeTestimonials.merchantThemeId })
          .from(themeTestimonials)
          .innerJoin(merchantThemes, eq(merchantThemes.id, themeTestimonials.merchantThemeId))
          .where(and(eq(themeTestimonials.id, id), eq(merchantThemes.storeId, actor.storeId)))
          .limit(1);
        if (!row) throw notFound('Testimonial not found');
        await tx.delete(themeTestimonials).where(eq(themeTestimonials.id, row.id));
        await touchDraft(tx, row.merchantThemeId);
      });
    },

    async createPreviewLink(actor: StoreActor, merchantThemeId: string): Promise<PreviewLink> {
      const owned = await ownMerchantTheme(db, actor, merchantThemeId);
      const [theme, store] = await Promise.all([
        themeOrFail(db, owned.themeId),
        needs.findStore(actor.storeId),
      ]);
      if (!store) throw notFound('Store not found');
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(deps.now().getTime() + THEME_PREVIEW_TTL_SECONDS * 1000);
      await db.insert(themePreviewLinks).values({
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
    },

    /** The draft a live preview link points at; unknown and expired links answer the same 404. */
    async preview(token: string): Promise<StorefrontTheme> {
      const link = await findLivePreviewLink(db, hashToken(token), deps.now());
      const owned = link ? await findMerchantThemeById(db, link.merchantThemeId) : undefined;
      const store = link ? await needs.findStore(link.storeId) : undefined;
      if (!link || !owned || !store) throw notFound('This preview link has expired or does not exist');
      const theme = await themeOrFail(db, owned.themeId);
      const snapshot = snapshotOf(owned, await listTestimonials(db, owned.id));
      return storefrontOf(store, theme, snapshot, undefined, { expiresAt: link.expiresAt });
    },

    /** A public store's published theme; theme 45 with the defaults while it never published. */
    async storefront(storeUrl: string): Promise<StorefrontTheme> {
      const store = await needs.findPublicStore(storeUrl);
      const state = await findState(db, store.id);
      const current =
        state?.currentVersion != null ? await findVersion(db, store.id, state.currentVersion) : undefined;
      if (!current) {
        const theme = await themeOrFail(db, DEFAULT_THEME_ID);
        return storefrontOf(store, theme, { ...defaultDraft(), testimonials: [] }, undefined, undefined);
      }
      const theme = await themeOrFail(db, current.themeId);
      return storefrontOf(store, theme, current.snapshot, current, undefined);
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
