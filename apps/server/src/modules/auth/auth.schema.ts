import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** customer, merchant, admin or partner: one email may hold one account of each kind. */
    kind: text().$type<'customer' | 'merchant' | 'admin' | 'partner'>().notNull(),
    /** For admins: admin, superadmin, dispatcher or scheduler; for merchants: owner. */
    role: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phoneNumber: text(),
    /** Null until the person sets one (admins and partners created by a super admin). */
    passwordHash: text(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    image: text(),
    category: text(),
    lastLoginAt: timestamp({ withTimezone: true }),
    /**
     * Marketing mail and SMS need their own opt-in (ADR 073): off until the person turns it on, with the moment of
     * their last choice. Transactional messages (orders, refunds, security) never depend on it.
     */
    marketingConsent: boolean().notNull().default(false),
    marketingConsentAt: timestamp({ withTimezone: true }),
    /** The person closed their account (data rights, ADR 073): personal data anonymised, sessions ended. */
    closedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_kind_email_key').on(table.kind, table.email).where(sql`${table.deletedAt} is null`),
    index('users_kind_role_idx').on(table.kind, table.role),
    // Words of a person's name, prefix-matched ('ada:*'): the admin's transactions search (ADR 082).
    index('users_name_words_idx').using('gin', sql`to_tsvector('simple', first_name || ' ' || last_name)`),
  ],
);

export const partnerProfiles = pgTable('partner_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text().notNull(),
  logo: text(),
  company: jsonb().notNull(),
  bankDetails: jsonb().notNull(),
  certification: jsonb().notNull(),
  /** An admin approved the partner: only then may orders be assigned to it (partners an admin adds are approved). */
  approvedAt: timestamp({ withTimezone: true }),
  approvedBy: uuid(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One sign-in: its refresh tokens form a family that rotates; revoking the session ends them all. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export type OneTimePurpose = 'confirm-email' | 'reset-password' | 'change-email' | 'sign-in-code';

/** Single-use links: email confirmation, password reset (or first password for invited accounts), email change. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<OneTimePurpose>().notNull(),
    /** change-email: the new address, which becomes the account's email when the link is followed. */
    newEmail: text(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('one_time_tokens_hash_key').on(table.tokenHash),
    index('one_time_tokens_user_idx').on(table.userId, table.purpose),
  ],
);
