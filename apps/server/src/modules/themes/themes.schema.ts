import type {
  PublicTestimonial,
  ThemeBody,
  ThemeColor,
  ThemeDesign,
  ThemeHeader,
  ThemePageSlug,
  ThemeSocialMedia,
} from '@market/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.schema.js';

/** The theme catalogue; its rows are data written by the themes migration (45 is the default). */
export const themes = pgTable('themes', {
  id: integer().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  design: jsonb().$type<ThemeDesign>().notNull(),
  pages: jsonb().$type<{ slug: ThemePageSlug; name: string }[]>().notNull(),
  /** Catalogue order. */
  position: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A store's copy of a theme it owns, holding the draft customisation that the editor changes. */
export const merchantThemes = pgTable(
  'merchant_themes',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    themeId: integer()
      .notNull()
      .references(() => themes.id),
    header: jsonb().$type<ThemeHeader>().notNull(),
    body: jsonb().$type<ThemeBody>().notNull(),
    color: jsonb().$type<ThemeColor>().notNull(),
    social: jsonb().$type<ThemeSocialMedia>().notNull(),
    draftUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('merchant_themes_store_theme_key').on(table.storeId, table.themeId)],
);

/** Testimonials of a store's theme (draft); publishing copies them into the version. */
export const themeTestimonials = pgTable(
  'theme_testimonials',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantThemeId: uuid()
      .notNull()
      .references(() => merchantThemes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    title: text().notNull().default(''),
    message: text().notNull(),
    rating: integer().notNull().default(5),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('theme_testimonials_theme_created_idx').on(table.merchantThemeId, table.createdAt),
    check('theme_testimonials_rating_check', sql`rating between 1 and 5`),
  ],
);

/**
 * One row per store: the active theme and the published version the storefront shows. Publishing, activating and
 * rolling back lock this row, so they run one at a time per store.
 */
export const storeThemeStates = pgTable('store_theme_states', {
  storeId: uuid()
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  activeThemeId: integer()
    .notNull()
    .default(45)
    .references(() => themes.id),
  /** null until the store first publishes. */
  currentVersion: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export interface ThemeSnapshot {
  header: ThemeHeader;
  body: ThemeBody;
  color: ThemeColor;
  social: ThemeSocialMedia;
  testimonials: PublicTestimonial[];
}

/** Every published version of a store's storefront theme, never changed once written. */
export const themeVersions = pgTable(
  'theme_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    themeId: integer()
      .notNull()
      .references(() => themes.id),
    merchantThemeId: uuid()
      .notNull()
      .references(() => merchantThemes.id, { onDelete: 'cascade' }),
    snapshot: jsonb().$type<ThemeSnapshot>().notNull(),
    /** The version that was live when this one was published: where a rollback from this one goes. */
    replacesVersion: integer(),
    publishedBy: uuid(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('theme_versions_store_version_key').on(table.storeId, table.version)],
);

/** Shareable links to a draft; only the SHA-256 of the token is kept. */
export const themePreviewLinks = pgTable(
  'theme_preview_links',
  {
    tokenHash: text().primaryKey(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    merchantThemeId: uuid()
      .notNull()
      .references(() => merchantThemes.id, { onDelete: 'cascade' }),
    createdBy: uuid().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('theme_preview_links_store_idx').on(table.storeId)],
);
