import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notificationPreferences, notificationSettings, notifications } from './notifications.schema.js';

/** The account's choices of channels per kind, for its data export (ADR 073). */
export async function notificationPreferencesForExport(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return rows.map((row) => ({
    kind: row.kind,
    inApp: row.inApp,
    email: row.email,
    sms: row.sms,
    whatsapp: row.whatsapp,
  }));
}

/** The account's WhatsApp opt-in (number and consent) and digest choice, for its data export; null if never set. */
export async function notificationSettingsForExport(db: Db, userId: string) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row
    ? {
        whatsappPhone: row.whatsappPhone,
        whatsappConsentAt: row.whatsappConsentAt?.toISOString() ?? null,
        dailyDigest: row.dailyDigest,
      }
    : null;
}

/** A closed account's in-app list, channel choices and WhatsApp number go: nobody will read them again. */
export async function eraseNotifications(tx: Db, userId: string): Promise<void> {
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
