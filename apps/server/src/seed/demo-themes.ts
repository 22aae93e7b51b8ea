import { THEME_COLOR_DEFAULTS, THEME_SOCIAL_DEFAULTS } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { findStoreByMerchant } from '../modules/stores/stores.repository.js';
import {
  ensureStoreThemes,
  findState,
  listTestimonials,
  toPublicTestimonial,
} from '../modules/themes/themes.repository.js';
import {
  merchantThemes,
  storeThemeStates,
  themeTestimonials,
  themeVersions,
} from '../modules/themes/themes.schema.js';
import type { Db } from '../platform/db/client.js';

const DEMO_THEME_ID = 46;

/**
 * The demo merchant's store wears Adire Bold (theme 46), published as version 1 with a header, a banner, its own
 * colours, socials and two testimonials, so the theme editor and the storefront show content from the first visit.
 * Runs once: a store that has published anything is left alone.
 */
export async function seedDemoThemes(db: Db, logger?: Logger): Promise<boolean> {
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  const store = merchant ? await findStoreByMerchant(db, merchant.id) : undefined;
  if (!store) return false;
  const state = await findState(db, store.id);
  if (state?.currentVersion != null) return false;
  await db.transaction(async (tx) => {
    await ensureStoreThemes(tx, store.id);
    const draft = {
      header: { phoneNumber: '+2348030000005', email: 'hello@chinedugadgets.ng', logo: store.logo },
      body: {
        bannerMainText: 'Phones and gadgets, delivered across Nigeria',
        bannerSubText: 'Genuine devices with warranty. Pay in naira, track every order.',
        bannerImage: null,
        promoImage: null,
      },
      color: {
        ...THEME_COLOR_DEFAULTS,
        headingsAndLinks: '#0B6E4F',
        primaryButton: '#0B6E4F',
        salePrice: '#B00020',
      },
      social: {
        ...THEME_SOCIAL_DEFAULTS,
        instagram: 'https://instagram.com/chinedugadgets',
        whatsapp: '+2348030000005',
      },
    };
    const [owned] = await tx
      .insert(merchantThemes)
      .values({ storeId: store.id, themeId: DEMO_THEME_ID, ...draft })
      .onConflictDoUpdate({ target: [merchantThemes.storeId, merchantThemes.themeId], set: draft })
      .returning();
    await tx.insert(themeTestimonials).values([
      {
        merchantThemeId: owned!.id,
        name: 'Aisha B.',
        title: 'Customer, Kano',
        message: 'My phone arrived sealed in two days, and they called to confirm the address first.',
        rating: 5,
      },
      {
        merchantThemeId: owned!.id,
        name: 'Tunde O.',
        title: 'Customer, Ibadan',
        message: 'Fair prices and a real warranty. I have bought three times already.',
        rating: 4,
      },
    ]);
    // In the order the storefront lists them (newest first), as a publish would copy them.
    const testimonials = await listTestimonials(tx, owned!.id);
    await tx.insert(themeVersions).values({
      storeId: store.id,
      version: 1,
      themeId: DEMO_THEME_ID,
      merchantThemeId: owned!.id,
      snapshot: { ...draft, testimonials: testimonials.map(toPublicTestimonial) },
      publishedBy: merchant!.id,
    });
    await tx
      .update(storeThemeStates)
      .set({ activeThemeId: DEMO_THEME_ID, currentVersion: 1 })
      .where(eq(storeThemeStates.storeId, store.id));
  });
  logger?.info({ storeUrl: store.storeUrl }, 'demo store theme published');
  return true;
}
