import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notificationPreferences, notifications } from './notifications.schema.js';

/** The account's choices of channels per kind, for its data export (ADR 073). */
export async function notificationPreferencesForExport(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return rows.map((row) => ({ kind: row.kind, inApp: row.inApp, email: row.email, sms: row.sms }));
}

/** A closed account's in-app list and channel choices go: nobody will read them again. */
export async function eraseNotifications(tx: Db, userId: string): Promise<void> {
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
