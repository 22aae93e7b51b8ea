import type { HubApplicationKind, HubApplicationStatus } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

/** A platform hub: a place that takes in parcels between stores and carriers. Admins create and edit them. */
export const hubs = pgTable(
  'hubs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    address: text().notNull(),
    /** Canonical state name and one of its LGAs (contracts' nigeria.ts). */
    state: text().notNull(),
    lga: text().notNull(),
    /** Parcels it can hold at once. */
    capacity: integer().notNull(),
    /** +234 form. */
    contactPhone: text().notNull(),
    contactEmail: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('hubs_name_key').on(sql`lower(${table.name})`),
    index('hubs_state_idx').on(table.state, table.name),
  ],
);

/**
 * A store (merchant) or a shipping partner asks to run or use a hub; an admin approves or rejects it. The applicant
 * is a store id or a partner's account id (`applicant_kind` says which); the name is kept as it was when applying.
 * At most one pending application per applicant and hub: the partial unique index settles two at once.
 */
export const hubApplications = pgTable(
  'hub_applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    hubId: uuid()
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    applicantKind: text().$type<'store' | 'partner'>().notNull(),
    applicantId: uuid().notNull(),
    applicantName: text().notNull(),
    /** The account that sent it (a store member or the partner). */
    submittedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<HubApplicationKind>().notNull(),
    note: text(),
    status: text().$type<HubApplicationStatus>().notNull().default('pending'),
    rejectionReason: text(),
    decidedBy: uuid(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('hub_applications_one_pending_key')
      .on(table.hubId, table.applicantKind, table.applicantId)
      .where(sql`status = 'pending'`),
    index('hub_applications_status_idx').on(table.status, table.createdAt),
    index('hub_applications_applicant_idx').on(table.applicantKind, table.applicantId, table.createdAt),
  ],
);
