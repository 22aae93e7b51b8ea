import type { AccountKind, NotificationSettings, UpdateNotificationSettingsBody } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { validation } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { notificationSettings } from './notifications.schema.js';

/**
 * An account's WhatsApp opt-in and an admin's daily digest (issue 36). Each account reads and writes its own row
 * only (the caller's id is the key); the opt-in is a consent of its own, given with the number it covers, and
 * withdrawn with `whatsapp: null`.
 */
export function notificationSettingsService(deps: Deps) {
  const { db } = deps;

  async function settings(userId: string): Promise<NotificationSettings> {
    const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    return {
      whatsapp:
        row?.whatsappPhone && row.whatsappConsentAt
          ? { phoneNumber: row.whatsappPhone, consentedAt: row.whatsappConsentAt.toISOString() }
          : null,
      dailyDigest: row?.dailyDigest ?? false,
      whatsappAvailable: deps.sms.whatsappSends('account-alert') || deps.sms.whatsappSends('order-update'),
    };
  }

  return {
    settings,

    async updateSettings(
      userId: string,
      account: AccountKind,
      body: UpdateNotificationSettingsBody,
    ): Promise<NotificationSettings> {
      if (body.dailyDigest !== undefined && account !== 'admin')
        throw validation('dailyDigest', 'Only admins can choose the daily digest');
      const values: Partial<typeof notificationSettings.$inferInsert> = { updatedAt: deps.now() };
      if (body.whatsapp === null) {
        values.whatsappPhone = null;
        values.whatsappConsentAt = null;
      } else if (body.whatsapp) {
        values.whatsappPhone = normalizeNigerianPhone(body.whatsapp.phoneNumber, 'whatsapp.phoneNumber');
        values.whatsappConsentAt = deps.now();
      }
      if (body.dailyDigest !== undefined) values.dailyDigest = body.dailyDigest;
      await db
        .insert(notificationSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
      return settings(userId);
    },

    /** Admins who chose the daily digest (the digest job's audience). */
    async digestAdmins(): Promise<string[]> {
      const rows = await db
        .select({ userId: notificationSettings.userId })
        .from(notificationSettings)
        .where(eq(notificationSettings.dailyDigest, true));
      return rows.map((row) => row.userId);
    },
  };
}
