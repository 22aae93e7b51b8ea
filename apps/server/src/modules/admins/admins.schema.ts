import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

/** Custom admin roles the super admin builds from admin permissions (issue 9); built-in roles live in the contract. */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    permissions: jsonb().$type<string[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('admin_roles_name_key').on(sql`lower(${table.name})`)],
);

/** An admin holding a custom role: its permissions replace those of the admin's built-in role. */
export const adminRoleAssignments = pgTable('admin_role_assignments', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  roleId: uuid()
    .notNull()
    .references(() => adminRoles.id, { onDelete: 'restrict' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
