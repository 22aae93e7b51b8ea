import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { storedFiles } from '../../platform/storage/files.schema.js';
import { merchantProfiles } from './stores.schema.js';

export type MerchantProfileRow = typeof merchantProfiles.$inferSelect;

export async function findMerchantProfile(db: Db, userId: string): Promise<MerchantProfileRow | undefined> {
  const [row] = await db.select().from(merchantProfiles).where(eq(merchantProfiles.userId, userId)).limit(1);
  return row;
}

export async function findMerchantProfiles(
  db: Db,
  userIds: string[],
): Promise<Map<string, MerchantProfileRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(merchantProfiles).where(inArray(merchantProfiles.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function upsertMerchantProfile(
  db: Db,
  merchantId: string,
  changes: Partial<typeof merchantProfiles.$inferInsert>,
): Promise<MerchantProfileRow> {
  const [row] = await db
    .insert(merchantProfiles)
    .values({ userId: merchantId, ...changes })
    .onConflictDoUpdate({ target: merchantProfiles.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function setOnboardedAt(db: Db, merchantId: string, at: Date | null): Promise<void> {
  await db.update(merchantProfiles).set({ onboardedAt: at }).where(eq(merchantProfiles.userId, merchantId));
}

/** Whether the merchant uploaded this file for this purpose (an onboarding step may point only at its own). */
export async function isOwnStoredFile(
  db: Db,
  ownerId: string,
  fileId: string,
  purpose: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.id, fileId), eq(storedFiles.ownerUserId, ownerId), eq(storedFiles.purpose, purpose)),
    )
    .limit(1);
  return row !== undefined;
}
