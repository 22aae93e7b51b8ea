import {
  labelContrastIssue,
  MAX_TESTIMONIALS,
  type Testimonial,
  type ThemeBody,
  type ThemeColor,
  type ThemeColorField,
  type ThemeCustomization,
  type ThemeHeader,
  type ThemeSocialField,
  type ThemeSocialMedia,
  themeColorFields,
  themeSocialFields,
} from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { ownMerchantTheme, saveImage, type ThemesContext, touchDraft } from './themes.context.js';
import { findMerchantTheme, listTestimonials } from './themes.repository.js';
import { type BodySave, type HeaderSave, THEME_NOT_FOUND, testimonialOut } from './themes.rules.js';
import { merchantThemes, themeTestimonials } from './themes.schema.js';

// A theme's draft as the merchant customises it: body, header, social links, colours, testimonials.

export async function customization(
  ctx: ThemesContext,
  actor: StoreActor,
  merchantThemeId: string,
): Promise<ThemeCustomization> {
  const row = await ownMerchantTheme(ctx.db, actor, merchantThemeId);
  return {
    merchantThemeId: row.id,
    themeId: row.themeId,
    themeHeader: row.header,
    themeBody: row.body,
    themeColor: row.color,
    themeSocialMedia: row.social,
    draftUpdatedAt: row.draftUpdatedAt.toISOString(),
  };
}

export async function saveBody(ctx: ThemesContext, actor: StoreActor, input: BodySave): Promise<ThemeBody> {
  await ownMerchantTheme(ctx.db, actor, input.merchantThemeId);
  const images: Partial<Pick<ThemeBody, 'bannerImage' | 'promoImage'>> = {};
  for (const field of ['bannerImage', 'promoImage'] as const) {
    const change = input[field];
    if (change === null) images[field] = null;
    else if (change)
      images[field] = (await saveImage(ctx, actor, field, change, `theme-${field}`)).urls['1200'];
  }
  return ctx.db.transaction(async (tx) => {
    const current = await findMerchantTheme(tx, actor.storeId, input.merchantThemeId);
    if (!current) throw notFound(THEME_NOT_FOUND);
    const body: ThemeBody = {
      ...current.body,
      ...(input.bannerMainText !== undefined ? { bannerMainText: input.bannerMainText } : {}),
      ...(input.bannerSubText !== undefined ? { bannerSubText: input.bannerSubText } : {}),
      ...images,
    };
    return (await touchDraft(ctx, tx, current.id, { body })).body;
  });
}

export async function saveHeader(
  ctx: ThemesContext,
  actor: StoreActor,
  input: HeaderSave,
): Promise<ThemeHeader> {
  await ownMerchantTheme(ctx.db, actor, input.merchantThemeId);
  const logo =
    input.logo === null
      ? null
      : input.logo
        ? (await saveImage(ctx, actor, 'logo', input.logo, 'theme-logo')).urls['400']
        : undefined;
  return ctx.db.transaction(async (tx) => {
    const current = await findMerchantTheme(tx, actor.storeId, input.merchantThemeId);
    if (!current) throw notFound(THEME_NOT_FOUND);
    const header: ThemeHeader = {
      ...current.header,
      ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(logo !== undefined ? { logo } : {}),
    };
    return (await touchDraft(ctx, tx, current.id, { header })).header;
  });
}

export async function saveSocial(
  ctx: ThemesContext,
  actor: StoreActor,
  input: { merchantThemeId: string } & Partial<Record<ThemeSocialField, string>>,
) {
  return ctx.db.transaction(async (tx): Promise<ThemeSocialMedia> => {
    const current = await ownMerchantTheme(tx, actor, input.merchantThemeId);
    const social = { ...current.social };
    for (const field of themeSocialFields) {
      const value = input[field];
      if (typeof value === 'string') social[field] = value;
    }
    return (await touchDraft(ctx, tx, current.id, { social })).social;
  });
}

/** Only the colours sent change; the result must keep the primary label readable on the button. */
export async function saveColor(
  ctx: ThemesContext,
  actor: StoreActor,
  input: { merchantThemeId: string } & Partial<Record<ThemeColorField, string>>,
) {
  return ctx.db.transaction(async (tx): Promise<ThemeHeader & { themeColor: ThemeColor }> => {
    const current = await ownMerchantTheme(tx, actor, input.merchantThemeId);
    const color = { ...current.color };
    for (const field of themeColorFields) {
      const value = input[field];
      if (typeof value === 'string') color[field] = value;
    }
    const issue = labelContrastIssue(color);
    if (issue) throw new AppError('VALIDATION_ERROR', issue.message, [issue]);
    const row = await touchDraft(ctx, tx, current.id, { color });
    return { ...row.header, themeColor: row.color };
  });
}

export async function testimonials(
  ctx: ThemesContext,
  actor: StoreActor,
  merchantThemeId: string,
): Promise<Testimonial[]> {
  const row = await ownMerchantTheme(ctx.db, actor, merchantThemeId);
  return (await listTestimonials(ctx.db, row.id)).map(testimonialOut);
}

export async function addTestimonial(
  ctx: ThemesContext,
  actor: StoreActor,
  input: { merchantThemeId: string; name: string; title: string; message: string; rating: number },
): Promise<Testimonial> {
  return ctx.db.transaction(async (tx) => {
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
        createdAt: ctx.deps.now(),
      })
      .returning();
    await touchDraft(ctx, tx, owned.id);
    return testimonialOut(row!);
  });
}

export async function deleteTestimonial(ctx: ThemesContext, actor: StoreActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: themeTestimonials.id, merchantThemeId: themeTestimonials.merchantThemeId })
      .from(themeTestimonials)
      .innerJoin(merchantThemes, eq(merchantThemes.id, themeTestimonials.merchantThemeId))
      .where(and(eq(themeTestimonials.id, id), eq(merchantThemes.storeId, actor.storeId)))
      .limit(1);
    if (!row) throw notFound('Testimonial not found');
    await tx.delete(themeTestimonials).where(eq(themeTestimonials.id, row.id));
    await touchDraft(ctx, tx, row.merchantThemeId);
  });
}
