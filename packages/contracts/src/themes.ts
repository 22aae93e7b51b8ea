import { z } from 'zod';
import { access } from './access.js';
import { email, INT4_MAX, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';

/**
 * The themes service (specification sections 3, 4, 5, 6, 7 "Themes service" and 8 "Theme editing"), served under
 * `/themes-api`. Every path of section 7 appears here exactly as written there (the ones that begin with `/api/`
 * keep it). Beyond the specification (ADR 020): the customisation calls edit a draft; a merchant publishes the draft
 * in one click, rolls back to the previously published version in one click, and shares an expiring preview link of
 * a draft. Storefronts read the store's published theme publicly.
 *
 * Ids: `themeId` in `merchant/theme/purchase` and `merchant/theme/activate` is a catalogue theme id (45, 46, 47);
 * `merchantThemeId` (and the `{themeId}` of the customization path) is the id of the store's own copy of a theme,
 * which `merchant/themes` and `merchant/theme` answer. Another store's `merchantThemeId` answers 404.
 */

// ---------- constants (sections 3 and 9) ----------

export const DEFAULT_THEME_ID = 45;
export const THEME_PURCHASE_TYPE = 'free';
/** Section 8 "Theme editing". */
export const THEME_MESSAGES = {
  updated: 'Theme updated',
  bodyFailed: 'Update failed',
  colorFailed: 'Theme updated failed',
} as const;
/** A draft preview link lives this long. */
export const THEME_PREVIEW_TTL_SECONDS = 7 * 24 * 60 * 60;
/** WCAG AA contrast for normal text; the primary button's label must reach it on the button. */
export const MIN_LABEL_CONTRAST = 4.5;
export const MAX_TESTIMONIALS = 30;

// ---------- the catalogue ----------

/** What makes themes look different: page layout, typography, the hero banner and the product grid. */
export const themeLayouts = ['classic', 'editorial', 'market'] as const;
export const themeTypographies = ['sans', 'serif', 'display'] as const;
export const themeHeroes = ['split', 'full-bleed', 'centered'] as const;
export const themeProductGrids = ['grid-4', 'grid-3', 'list'] as const;
export const themePageSlugs = ['home', 'category', 'product'] as const;

export type ThemeLayout = (typeof themeLayouts)[number];
export type ThemeTypography = (typeof themeTypographies)[number];
export type ThemeHero = (typeof themeHeroes)[number];
export type ThemeProductGrid = (typeof themeProductGrids)[number];
export type ThemePageSlug = (typeof themePageSlugs)[number];

export const themeDesign = z.object({
  layout: z.enum(themeLayouts),
  typography: z.enum(themeTypographies),
  hero: z.enum(themeHeroes),
  productGrid: z.enum(themeProductGrids),
});
export type ThemeDesign = z.infer<typeof themeDesign>;

export const themePage = z.object({
  slug: z.enum(themePageSlugs),
  name: z.string(),
});

/** One theme of the catalogue (public: no store data). */
export const themeSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** An SVG served by the themes service (`GET /themes-api/themes/{slug}/preview.svg`), path relative to the site. */
  previewImage: z.string(),
  design: themeDesign,
  pages: z.array(themePage),
  /** Every theme of the catalogue is bought with type `free`. */
  priceType: z.literal('free'),
  isDefault: z.boolean(),
});
export type ThemeSummary = z.infer<typeof themeSummary>;

/** A catalogue theme as one merchant sees it. */
export const merchantThemeItem = themeSummary.extend({
  isOwned: z.boolean(),
  isActive: z.boolean(),
  /** The store's copy of the theme (its customisation and testimonials); null until owned. */
  merchantThemeId: uuid.nullable(),
});
export type MerchantThemeItem = z.infer<typeof merchantThemeItem>;

export const merchantThemes = z.object({
  activeThemeId: z.number().int(),
  themes: z.array(merchantThemeItem),
});
export type MerchantThemes = z.infer<typeof merchantThemes>;

export const activeTheme = merchantThemeItem.extend({
  merchantThemeId: uuid,
  /** The storefront's live version; null while the store has never published (it shows theme 45's defaults). */
  publishedVersion: z.number().int().nullable(),
  publishedAt: isoDateTime.nullable(),
  /** True when an earlier published version exists to roll back to. */
  canRollback: z.boolean(),
  draftUpdatedAt: isoDateTime,
  /** The draft differs from what the storefront shows. */
  hasUnpublishedChanges: z.boolean(),
});
export type ActiveTheme = z.infer<typeof activeTheme>;

// ---------- customisation (section 3 "Theme customisation state") ----------

export const themeColorFields = [
  'headingsAndLinks',
  'bodyText',
  'salePrice',
  'primaryButton',
  'primaryLabel',
  'fieldText',
  'fieldBorder',
  'fieldBackground',
] as const;
export type ThemeColorField = (typeof themeColorFields)[number];

export const themeSocialFields = [
  'twitter',
  'facebook',
  'pinterest',
  'instagram',
  'tumblr',
  'snapchat',
  'youtube',
  'whatsapp',
  'tiktok',
  'vimeo',
] as const;
export type ThemeSocialField = (typeof themeSocialFields)[number];

/**
 * Section 3: headingsAndLinks orange-yellow, primaryLabel white, the others mostly black (fields on white). The
 * orange is the darkest of that family that reads on white and on the storefront's near-white (4.9:1 and 4.7:1,
 * WCAG AA for text); the brighter #F5A623 was 2:1, too faint for links and headings (issue 23).
 */
export const THEME_COLOR_DEFAULTS: Record<ThemeColorField, string> = {
  headingsAndLinks: '#AD5B00',
  bodyText: '#000000',
  salePrice: '#000000',
  primaryButton: '#000000',
  primaryLabel: '#FFFFFF',
  fieldText: '#000000',
  fieldBorder: '#000000',
  fieldBackground: '#FFFFFF',
};

export const THEME_SOCIAL_DEFAULTS: Record<ThemeSocialField, string> = Object.fromEntries(
  themeSocialFields.map((name) => [name, '']),
) as Record<ThemeSocialField, string>;

/** `#RGB` or `#RRGGBB`, answered as upper-case `#RRGGBB`. */
export const hexColor = z
  .string({ error: 'Use a hex colour such as #1A2B3C' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a hex colour such as #1A2B3C')
  .transform((value) => {
    const hex = value.slice(1);
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return `#${full.toUpperCase()}`;
  });

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

/** WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The 422 detail when the primary button's label is hard to read on it; undefined when it reaches AA. */
export function labelContrastIssue(colors: {
  primaryButton: string;
  primaryLabel: string;
}): { path: string; message: string } | undefined {
  const ratio = contrastRatio(colors.primaryButton, colors.primaryLabel);
  if (ratio >= MIN_LABEL_CONTRAST) return undefined;
  return {
    path: 'primaryLabel',
    message: `The primary label and button colours have a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1; they need at least 4.5:1 to be readable (WCAG AA)`,
  };
}

/** WCAG AA for what is not text: a field's border against the field (1.4.11). */
export const MIN_NON_TEXT_CONTRAST = 3;

/**
 * The storefront's own surfaces the theme's text colours sit on: the page (`#F8FAFC`) and its cards (`#FFFFFF`).
 * A text colour must read on both.
 */
export const STOREFRONT_SURFACES = { page: '#F8FAFC', card: '#FFFFFF' } as const;

/** One pair of a theme's colours below WCAG AA: the field to change and why. */
export interface ContrastIssue {
  path: ThemeColorField;
  message: string;
}

const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/**
 * Every pair of colours the storefront draws with (issue 34 item 25): headings and links, body text and the sale
 * price on the page and on cards; the button label on the button; field text on the field; the field's border
 * against the field. Empty when all reach AA. The editor warns with it; publishing refuses while it is not empty.
 */
export function themeContrastIssues(colors: Record<ThemeColorField, string>): ContrastIssue[] {
  const issues: ContrastIssue[] = [];
  const onSurfaces = (path: ThemeColorField, what: string) => {
    const worst = Math.min(
      contrastRatio(colors[path], STOREFRONT_SURFACES.page),
      contrastRatio(colors[path], STOREFRONT_SURFACES.card),
    );
    if (worst < MIN_LABEL_CONTRAST)
      issues.push({
        path,
        message: `${what} has a contrast of ${ratioText(worst)} on the storefront's light background; it needs at least 4.5:1 to be readable (WCAG AA)`,
      });
  };
  onSurfaces('headingsAndLinks', 'The headings and links colour');
  onSurfaces('bodyText', 'The body text colour');
  onSurfaces('salePrice', 'The sale price colour');
  const label = labelContrastIssue(colors);
  if (label) issues.push({ path: 'primaryLabel', message: label.message });
  const fieldText = contrastRatio(colors.fieldText, colors.fieldBackground);
  if (fieldText < MIN_LABEL_CONTRAST)
    issues.push({
      path: 'fieldText',
      message: `The field text and field background colours have a contrast of ${ratioText(fieldText)}; they need at least 4.5:1 (WCAG AA)`,
    });
  const border = contrastRatio(colors.fieldBorder, colors.fieldBackground);
  if (border < MIN_NON_TEXT_CONTRAST)
    issues.push({
      path: 'fieldBorder',
      message: `The field border has a contrast of ${ratioText(border)} against the field background; it needs at least 3:1 to be seen (WCAG AA)`,
    });
  return issues;
}

const socialLink = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), 'Use a full https:// link')
  .meta({ pattern: '^(https://\\S+)?$' });
/** WhatsApp: a wa.me (or any https) link, or a phone number. */
const whatsappLink = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine(
    (value) => value === '' || /^https:\/\/[^\s]+$/.test(value) || /^\+?[0-9][0-9 ()-]{6,19}$/.test(value),
    'Use a https:// link or a phone number',
  )
  .meta({ pattern: '^(https://\\S+|\\+?[0-9][0-9 ()-]{6,19})?$' });

export const themeHeader = z.object({
  phoneNumber: z.string(),
  email: z.string(),
  /** URL of the logo image (WebP), or null. */
  logo: z.string().nullable(),
});
export type ThemeHeader = z.infer<typeof themeHeader>;

export const themeBody = z.object({
  bannerMainText: z.string(),
  bannerSubText: z.string(),
  bannerImage: z.string().nullable(),
  promoImage: z.string().nullable(),
});
export type ThemeBody = z.infer<typeof themeBody>;

export const themeColor = z.object(
  Object.fromEntries(themeColorFields.map((name) => [name, z.string()])) as Record<
    ThemeColorField,
    z.ZodString
  >,
);
export type ThemeColor = z.infer<typeof themeColor>;

export const themeSocialMedia = z.object(
  Object.fromEntries(themeSocialFields.map((name) => [name, z.string()])) as Record<
    ThemeSocialField,
    z.ZodString
  >,
);
export type ThemeSocialMedia = z.infer<typeof themeSocialMedia>;

/** GET /api/merchant/theme/customization/{themeId}: the draft of one of the store's themes. */
export const themeCustomization = z.object({
  merchantThemeId: uuid,
  themeId: z.number().int(),
  themeHeader,
  themeBody,
  themeColor,
  themeSocialMedia,
  draftUpdatedAt: isoDateTime,
});
export type ThemeCustomization = z.infer<typeof themeCustomization>;

// ---------- request bodies ----------

const merchantThemeId = uuid;
/** A catalogue theme's id: a PostgreSQL integer, so 1 … 2³¹−1 (a larger number names no theme). */
const catalogueThemeId = z.coerce
  .number({ error: 'Choose a theme' })
  .int('Choose a theme')
  .positive('Choose a theme')
  .max(INT4_MAX, 'Choose a theme');

export const purchaseThemeBody = z.object({
  themeId: catalogueThemeId,
  type: z.literal('free', { error: 'Themes are bought with type free' }),
});
export type PurchaseThemeBody = z.input<typeof purchaseThemeBody>;

export const activateThemeBody = z.object({
  themeId: catalogueThemeId,
});
export type ActivateThemeBody = z.input<typeof activateThemeBody>;

/**
 * The text fields of the multipart body save (PUT /api/merchant/theme/body). Files travel in `bannerImage` and
 * `promoImage` (JPEG, PNG or WebP, 8 MB at most, checked by content, stored as WebP). A field left out keeps its
 * value; `bannerMainText` (the title) may arrive as a one-item list (`bannerMainText`, `bannerMainText[]` or
 * `bannerMainText[0]`). Sending `bannerImage` or `promoImage` as an empty text field removes that image.
 */
export const themeBodyForm = z.object({
  merchantThemeId,
  bannerMainText: z.string().trim().max(120, 'The title has at most 120 characters').optional(),
  bannerSubText: z.string().trim().max(300, 'The subtitle has at most 300 characters').optional(),
});
export type ThemeBodyForm = z.input<typeof themeBodyForm>;

/**
 * The text fields of the multipart header save (PUT /api/merchant/theme/header); the file travels in `logo`.
 * phoneNumber and email may arrive as one-item lists (section 5); an empty value clears them.
 */
export const themeHeaderForm = z.object({
  merchantThemeId,
  phoneNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{6,19}$/.test(value), 'Enter a valid phone number')
    .optional(),
  email: z.union([z.literal(''), email]).optional(),
});
export type ThemeHeaderForm = z.input<typeof themeHeaderForm>;

/** The colour save: only the colours sent change; the result must keep the primary label readable (AA). */
export const themeColorBody = z.object({
  merchantThemeId,
  ...(Object.fromEntries(themeColorFields.map((name) => [name, hexColor.optional()])) as Record<
    ThemeColorField,
    z.ZodOptional<typeof hexColor>
  >),
});
export type ThemeColorBody = z.input<typeof themeColorBody>;

/** The social save: only the fields sent change; an empty string clears one. */
export const themeSocialBody = z.object({
  merchantThemeId,
  ...(Object.fromEntries(
    themeSocialFields.map((name) => [name, (name === 'whatsapp' ? whatsappLink : socialLink).optional()]),
  ) as Record<ThemeSocialField, z.ZodOptional<typeof socialLink>>),
});
export type ThemeSocialBody = z.input<typeof themeSocialBody>;

// ---------- testimonials ----------

export const testimonialFields = {
  name: z.string({ error: 'Name is required' }).trim().min(2, 'Name is required').max(80),
  /** Where the customer is from or who they are ("Customer, Ibadan"). */
  title: z.string().trim().max(80, 'At most 80 characters').default(''),
  message: z
    .string({ error: 'Write the testimonial' })
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(500, 'At most 500 characters'),
  rating: z.number().int('Use a whole number').min(1, 'From 1 to 5').max(5, 'From 1 to 5').default(5),
};

export const testimonialBody = z.object({ merchantThemeId, ...testimonialFields });
export type TestimonialBody = z.input<typeof testimonialBody>;

export const testimonial = z.object({
  id: uuid,
  merchantThemeId: uuid,
  name: z.string(),
  title: z.string(),
  message: z.string(),
  rating: z.number().int(),
  createdAt: isoDateTime,
});
export type Testimonial = z.infer<typeof testimonial>;

export const publicTestimonial = testimonial.omit({ merchantThemeId: true });
export type PublicTestimonial = z.infer<typeof publicTestimonial>;

// ---------- publishing ----------

export const themeVersion = z.object({
  version: z.number().int(),
  themeId: z.number().int(),
  themeSlug: z.string(),
  themeName: z.string(),
  publishedAt: isoDateTime,
  /** The version the storefront shows now. */
  isCurrent: z.boolean(),
});
export type ThemeVersion = z.infer<typeof themeVersion>;

export const themeVersions = z.object({ versions: z.array(themeVersion) });

export const previewLinkBody = z.object({ merchantThemeId });
export type PreviewLinkBody = z.input<typeof previewLinkBody>;

export const previewLink = z.object({
  /** Unguessable; whoever holds it reads the draft until it expires. */
  token: z.string(),
  expiresAt: isoDateTime,
  merchantThemeId: uuid,
  themeSlug: z.string(),
  storeUrl: z.string(),
});
export type PreviewLink = z.infer<typeof previewLink>;

// ---------- what a storefront renders ----------

/** Everything a storefront needs to render a store with a theme: the published version, or a draft by preview. */
export const storefrontTheme = z.object({
  store: z.object({
    id: uuid,
    storeName: z.string(),
    storeUrl: z.string(),
    logo: z.string().nullable(),
  }),
  theme: themeSummary,
  /** The published version shown; null when the store never published (theme 45 with the defaults). */
  version: z.number().int().nullable(),
  publishedAt: isoDateTime.nullable(),
  header: themeHeader,
  body: themeBody,
  color: themeColor,
  social: themeSocialMedia,
  testimonials: z.array(publicTestimonial),
  /** Set when this is a draft read through a preview link. */
  preview: z.object({ expiresAt: isoDateTime }).nullable(),
});
export type StorefrontTheme = z.infer<typeof storefrontTheme>;

const binary = z.unknown().describe('The file itself');
const themeTags = ['Themes service'];
const merchantTheme = access.merchant('themes:write');
const merchantThemeIdQuery = z.object({ merchantThemeId });

// ---------- endpoints ----------

/** Section 7 "Themes service", exactly as written there. */
export const themeEndpoints = {
  list: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/merchant/themes',
    summary: 'The theme catalogue with owned and active flags for your store',
    tags: themeTags,
    access: merchantTheme,
    response: envelope(merchantThemes),
  }),
  active: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/merchant/theme',
    summary: "Your store's active theme (45 until you activate another) and its publishing state",
    tags: themeTags,
    access: merchantTheme,
    response: envelope(activeTheme),
  }),
  purchase: defineEndpoint({
    surface: 'themes',
    method: 'POST',
    path: '/merchant/theme/purchase',
    summary: 'Add a theme of the catalogue to your store (type free); 409 when you own it already',
    tags: themeTags,
    access: merchantTheme,
    errors: [404],
    body: purchaseThemeBody,
    response: envelope(merchantThemeItem),
    status: 201,
  }),
  activate: defineEndpoint({
    surface: 'themes',
    method: 'PATCH',
    path: '/merchant/theme/activate',
    summary:
      'Make an owned theme the active one: its draft is published to the storefront as a new version (409 when not owned, 422 while a pair of its colours is below WCAG AA)',
    tags: themeTags,
    access: merchantTheme,
    errors: [404, 422],
    body: activateThemeBody,
    response: envelope(activeTheme),
  }),
  customization: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/api/merchant/theme/customization/:themeId',
    summary:
      'The draft customisation (header, body, colours, socials) of one of your themes; themeId is the merchantThemeId',
    tags: themeTags,
    access: merchantTheme,
    params: z.object({ themeId: uuid }),
    response: envelope(themeCustomization),
  }),
  testimonials: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/api/testimonials',
    summary: 'The testimonials of one of your themes (draft), newest first',
    tags: themeTags,
    access: merchantTheme,
    query: merchantThemeIdQuery,
    response: envelope(z.array(testimonial)),
  }),
  saveBody: defineEndpoint({
    surface: 'themes',
    method: 'PUT',
    path: '/api/merchant/theme/body',
    summary:
      'Save the banner (multipart: bannerMainText, bannerSubText, bannerImage, promoImage, merchantThemeId) to the draft',
    tags: themeTags,
    access: merchantTheme,
    upload: { field: 'bannerImage', files: ['bannerImage', 'promoImage'], form: themeBodyForm },
    response: envelope(themeBody),
  }),
  saveHeader: defineEndpoint({
    surface: 'themes',
    method: 'PUT',
    path: '/api/merchant/theme/header',
    summary: 'Save the header (multipart: phoneNumber, email, logo, merchantThemeId) to the draft',
    tags: themeTags,
    access: merchantTheme,
    upload: { field: 'logo', form: themeHeaderForm },
    response: envelope(themeHeader),
  }),
  saveSocial: defineEndpoint({
    surface: 'themes',
    method: 'PUT',
    path: '/api/merchant/theme/social',
    summary: 'Save social links to the draft (only the fields sent change)',
    tags: themeTags,
    access: merchantTheme,
    body: themeSocialBody,
    response: envelope(themeSocialMedia),
  }),
  addTestimonial: defineEndpoint({
    surface: 'themes',
    method: 'POST',
    path: '/api/merchant/testimonials',
    summary: 'Add a testimonial to one of your themes (draft)',
    tags: themeTags,
    access: merchantTheme,
    body: testimonialBody,
    response: envelope(testimonial),
    status: 201,
  }),
  deleteTestimonial: defineEndpoint({
    surface: 'themes',
    method: 'DELETE',
    path: '/api/merchant/testimonials/:id',
    summary: 'Delete a testimonial of one of your themes (draft)',
    tags: themeTags,
    access: merchantTheme,
    params: z.object({ id: uuid }),
    response: messageOnly,
  }),
  saveColor: defineEndpoint({
    surface: 'themes',
    method: 'PUT',
    path: '/api/merchant/theme/color',
    summary:
      'Save colours to the draft (hex; the primary label must reach 4.5:1 on the primary button, else 422). Answers the header (phoneNumber, email, logo) as section 7 says, plus themeColor',
    tags: themeTags,
    access: merchantTheme,
    body: themeColorBody,
    response: envelope(themeHeader.extend({ themeColor })),
  }),
};

/** Beyond the specification (ADR 020): publishing, rollback, preview links and the public reads. */
export const themePublishingEndpoints = {
  publish: defineEndpoint({
    surface: 'themes',
    method: 'POST',
    path: '/merchant/theme/publish',
    summary:
      "Publish the active theme's draft to the storefront as a new version (422 while a pair of its colours is below WCAG AA)",
    tags: themeTags,
    access: merchantTheme,
    errors: [422],
    response: envelope(activeTheme),
    status: 201,
  }),
  rollback: defineEndpoint({
    surface: 'themes',
    method: 'POST',
    path: '/merchant/theme/rollback',
    summary:
      'Show the previously published version on the storefront again (the draft is kept); 409 when there is none',
    tags: themeTags,
    access: merchantTheme,
    response: envelope(activeTheme),
  }),
  versions: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/merchant/theme/versions',
    summary: "Your store's published versions, newest first, with the one the storefront shows",
    tags: themeTags,
    access: merchantTheme,
    response: envelope(themeVersions),
  }),
  createPreviewLink: defineEndpoint({
    surface: 'themes',
    method: 'POST',
    path: '/merchant/theme/preview-link',
    summary: 'A shareable link to the draft of one of your themes, valid for 7 days',
    tags: themeTags,
    access: merchantTheme,
    body: previewLinkBody,
    response: envelope(previewLink),
    status: 201,
  }),
  preview: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/preview/:token',
    summary: 'The draft a preview link shows (404 once expired or unknown)',
    tags: themeTags,
    access: access.public,
    params: z.object({ token: z.string().min(20).max(100) }),
    response: envelope(storefrontTheme),
  }),
  storefront: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/storefront/:storeUrl',
    summary: "A public store's published theme: what its storefront renders",
    tags: themeTags,
    access: access.public,
    params: z.object({ storeUrl: z.string().trim().min(1).max(80) }),
    response: envelope(storefrontTheme),
  }),
  catalogue: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/themes',
    summary: 'The theme catalogue',
    tags: themeTags,
    access: access.public,
    response: envelope(z.array(themeSummary)),
  }),
  previewImage: defineEndpoint({
    surface: 'themes',
    method: 'GET',
    path: '/themes/:slug/preview.svg',
    summary: "A theme's preview image (SVG)",
    tags: themeTags,
    access: access.public,
    params: z.object({ slug: z.string().trim().min(1).max(60) }),
    response: binary,
    produces: 'image/svg+xml',
  }),
};
