import {
  type AccountKind,
  type NotificationPreference,
  notificationKinds,
  notificationKindsFor,
  offeredChannels,
  permissionsNeededFor,
  type UpdateNotificationPreferencesBody,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { validation } from '../../platform/errors.js';
import { adminsWithTheirPermissions } from '../admins/index.js';
import type { NotificationsContext } from './notifications.context.js';
import { notificationPreferences } from './notifications.schema.js';

// Which channels an account chose per kind, and the admins' daily digest those choices feed.

/** The permissions whose news the admins' digest carries (the `admin.digest` kind's audience). */
const DIGEST_PERMISSIONS = permissionsNeededFor('admin.digest', 'admin') ?? [];
/** The calendar day in Lagos (UTC+1, no daylight saving): a digest per admin per Lagos day. */
const lagosDay = (at: Date) => new Date(at.getTime() + 3600_000).toISOString().slice(0, 10);

export async function preferences(
  ctx: NotificationsContext,
  userId: string,
  account: AccountKind,
  permissions: readonly string[],
): Promise<NotificationPreference[]> {
  const kinds = notificationKindsFor(account, permissions);
  const rows = await ctx.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return kinds.map((kind) => {
    const row = chosen.get(kind);
    const { inApp, email, sms } = row ?? notificationKinds[kind].defaults;
    const offered = offeredChannels(kind);
    return {
      kind,
      label: notificationKinds[kind].label,
      inApp: inApp && offered.includes('inApp'),
      email: email && offered.includes('email'),
      sms: sms && offered.includes('sms'),
      whatsapp: (row?.whatsapp ?? false) && offered.includes('whatsapp'),
      offered: [...offered],
    };
  });
}

export async function updatePreferences(
  ctx: NotificationsContext,
  userId: string,
  account: AccountKind,
  permissions: readonly string[],
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreference[]> {
  const { deps } = ctx;
  const mine = new Set<string>(notificationKindsFor(account, permissions));
  const foreign = body.preferences.find((preference) => !mine.has(preference.kind));
  if (foreign) {
    throw validation(
      'preferences',
      `This account does not receive "${notificationKinds[foreign.kind].label}"`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    for (const preference of body.preferences) {
      const values = {
        inApp: preference.inApp,
        email: preference.email,
        sms: preference.sms,
        whatsapp: preference.whatsapp ?? false,
      };
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind: preference.kind, ...values, updatedAt: deps.now() })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { ...values, updatedAt: deps.now() },
        });
    }
  });
  return preferences(ctx, userId, account, permissions);
}

/**
 * One digest event per admin who chose the daily digest, keyed by admin and Lagos day (issue 36): emitted twice
 * in a day (two processes, a retry) it is one event, told once. Each admin's digest names only the parts their
 * permissions cover. Answers how many admins it was for.
 */
export async function emitDailyDigests(
  ctx: NotificationsContext,
  counts: { stores: number; products: number; orders: number; refunds: number },
): Promise<number> {
  const { deps, db } = ctx;
  const chosen = new Set(await ctx.settings.digestAdmins());
  if (chosen.size === 0) return 0;
  const admins = (await adminsWithTheirPermissions(db)).filter((admin) => chosen.has(admin.userId));
  const day = lagosDay(deps.now());
  const events = admins.flatMap(({ userId, permissions }) => {
    const holds = (permission: string) => permissions.includes(permission);
    if (!DIGEST_PERMISSIONS.some(holds)) return [];
    return [
      {
        kind: 'admin.digest' as const,
        key: `admin.digest:${userId}:${day}`,
        audience: [{ user: userId }],
        params: {
          day,
          stores: holds('approvals:stores') ? counts.stores : null,
          products: holds('approvals:products') ? counts.products : null,
          orders: holds('orders:assign') ? counts.orders : null,
          refunds: holds('returns:disputes') ? counts.refunds : null,
        },
      },
    ];
  });
  await deps.events.emit(db, events);
  return events.length;
}
