import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

export interface StoreSocials {
  facebook?: string;
  instagram?: string;
  pinterest?: string;
  snapchat?: string;
  tiktok?: string;
  tumblr?: string;
  twitter?: string;
  vimeo?: string;
  youtube?: string;
}

export interface ShippingLocation {
  country: string;
  state: string;
  street: string;
  city: string;
}

export const stores = pgTable(
  'stores',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeName: text().notNull(),
    /** URL slug of the public storefront, `/storefront/{storeUrl}`. */
    storeUrl: text().notNull(),
    logo: text(),
    isRegisteredBusiness: boolean().notNull().default(false),
    /** The store's own Taxpayer Identification Number, printed on its receipts and statements when set. */
    tin: text(),
    isVatRegistered: boolean().notNull().default(false),
    officeAddress: text(),
    storePhoneNumber: text(),
    isPhysicalLocation: boolean().notNull().default(false),
    shippingLocation: jsonb().$type<ShippingLocation>(),
    /** The platform hub the store drops orders at (hubs come with fulfilment). */
    hubId: uuid(),
    socials: jsonb().$type<StoreSocials>().notNull().default({}),
    profileUpdatedAt: timestamp({ withTimezone: true }),
    /** pending until two different approvers approve; rejected with a reason mailed to the merchant. */
    approvalStatus: text().$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    firstApproval: boolean().notNull().default(false),
    firstApprovedBy: uuid(),
    secondApproval: boolean().notNull().default(false),
    secondApprovedBy: uuid(),
    approvedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    /** Commission band of the store (finance). */
    paymentCategory: text().notNull().default('standard'),
    /** Customers see the store (and its products) only when approved and onboarding is complete. */
    isVisible: boolean().notNull().default(false),
    followersCount: integer().notNull().default(0),
    salesCount: integer().notNull().default(0),
    /** Of the store's visible merchant reviews; only the reviews module moves them (setStoreRating). */
    ratingAverage: numeric({ precision: 3, scale: 2 }).notNull().default('0'),
    ratingCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stores_store_url_key').on(table.storeUrl),
    // Two stores may not share a name, whatever its case: shoppers would not tell them apart.
    uniqueIndex('stores_store_name_key').on(sql`lower(${table.storeName})`),
    uniqueIndex('stores_merchant_key').on(table.merchantId),
    index('stores_approval_idx').on(table.approvalStatus, table.createdAt),
    index('stores_visible_followers_idx').on(table.followersCount).where(sql`${table.isVisible}`),
  ],
);

export interface HomeAddress {
  lga: string;
  state: string;
  street: string;
  country: string;
}

/** The merchant's onboarding answers (section 3, Merchant). Documents are private stored files. */
export const merchantProfiles = pgTable('merchant_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dateOfBirth: date(),
  nationality: text(),
  idDocumentType: text(),
  idDocumentNumber: text(),
  idDocumentFileId: uuid(),
  homeAddress: jsonb().$type<HomeAddress[]>().notNull().default([]),
  useHomeAddress: boolean().notNull().default(false),
  proofOfAddressFileId: uuid(),
  staffSize: text(),
  category: text(),
  physicalLocation: text(),
  pickupLocation: jsonb().$type<HomeAddress>(),
  subCategoryIds: jsonb().$type<string[]>().notNull().default([]),
  pricingPlan: text(),
  onboardedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Admins the super admin has named to approve stores. */
export const storeApprovers = pgTable('store_approvers', {
  adminId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isActive: boolean().notNull().default(true),
  createdBy: uuid().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const storeFollows = pgTable(
  'store_follows',
  {
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.storeId] }),
    index('store_follows_store_idx').on(table.storeId),
  ],
);

/**
 * Who works in a store and with which permissions: the merchant who signed the store up is its `owner`; staff
 * (issue 9) are more rows. A row's own `permissions` list, when set, replaces its role's built-in list (custom
 * roles). Deactivating a row shuts its user out of the store at once: the guard reads it on every call.
 */
/** A store's own roles (issue 9): a name and a set of store permissions; built-in roles live in the contract. */
export const storeRoles = pgTable(
  'store_roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    permissions: jsonb().$type<string[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('store_roles_store_name_key').on(table.storeId, sql`lower(${table.name})`)],
);

export const storeMembers = pgTable(
  'store_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, manager, inventory, sales, finance (contracts: merchantRoles), or `custom` with `customRoleId`. */
    role: text().notNull(),
    permissions: jsonb().$type<string[]>(),
    /** A custom role of the store (issue 9): its permissions replace the built-in role's. */
    customRoleId: uuid().references(() => storeRoles.id, { onDelete: 'restrict' }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('store_members_store_user_key').on(table.storeId, table.userId),
    index('store_members_user_idx').on(table.userId),
    index('store_members_custom_role_idx').on(table.customRoleId),
  ],
);

/**
 * Commission bands (section 3's paymentCategory). Each store names one; admins set the percentage. The slug is what
 * `stores.payment_category` holds; an order copies the basis points when it is paid, so a later change of the band
 * never rewrites what an earlier order owed.
 */
export const paymentCategories = pgTable(
  'payment_categories',
  {
    slug: text().primaryKey(),
    name: text().notNull(),
    /** 1,000 basis points = 10 %. */
    commissionBasisPoints: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'payment_categories_commission_check',
      sql`${table.commissionBasisPoints} >= 0 and ${table.commissionBasisPoints} <= 10000`,
    ),
  ],
);

/**
 * Read model (issue 30, ADR 081 amended): each store's commission in basis points, for a statement of another module
 * that reads rates in itself (the ledger's booking of paid orders, ADR 037). A store without a payment category has
 * no row. The view is made by migration 0053_read_model_views (`.existing()`: drizzle-kit leaves it alone).
 */
export const storeCommissionRates = pgView('store_commission_rates', {
  storeId: uuid('store_id').notNull(),
  commissionBasisPoints: integer('commission_basis_points').notNull(),
}).existing();
