import type { AdminRole } from '@market/contracts';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/paging.js';
import type { UserRow } from './auth.repository.js';
import { users } from './auth.schema.js';

// Admin accounts are rows of the users table, which the auth module owns; the admins module manages them through
// these functions instead of querying the table itself.

const liveAdmin = (id: string) => and(eq(users.id, id), eq(users.kind, 'admin'), isNull(users.deletedAt));

export async function findLiveAdmin(
  executor: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = executor.select().from(users).where(liveAdmin(id));
  const [row] = options.forUpdate ? await query.for('update') : await query.limit(1);
  return row;
}

/** The ids of the active super admins, locked so that two changes cannot both remove "the other" one. */
export async function lockActiveSuperadminIds(executor: Db): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.kind, 'admin'),
        eq(users.role, 'superadmin'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .for('update');
  return rows.map((row) => row.id);
}

export async function listAdminAccounts(
  executor: Db,
  query: { page: number; limit: number; search?: string; role?: AdminRole },
): Promise<{ rows: UserRow[]; totalItems: number }> {
  const filters: SQL[] = [eq(users.kind, 'admin'), isNull(users.deletedAt)];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    executor.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, totalItems: total?.value ?? 0 };
}

export async function updateAccount(
  executor: Db,
  id: string,
  changes: {
    firstName?: string;
    lastName?: string;
    email?: string;
    phoneNumber?: string;
    role?: AdminRole;
    isActive?: boolean;
    deletedAt?: Date;
    updatedAt: Date;
  },
): Promise<UserRow> {
  const [row] = await executor.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}
