import {
  type AccountKind,
  type AdminPermission,
  type Notification,
  type NotificationKind,
  type NotificationPreference,
  notificationKinds,
  notificationKindsFor,
  offeredChannels,
  type StorePermission,
  type UpdateNotificationPreferencesBody,
} from '@market/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import { type EventAudience, notificationEvents } from '../../platform/notify/events.schema.js';
import { reachableAccounts } from '../auth/index.js';
import { notificationPreferences, notifications } from './notifications.schema.js';
import { wordingOf } from './notifications.wording.js';

/** What the fan-out needs of the modules that know who holds a permission. */
export interface NotificationsNeeds {
  storeMembersWith(executor: Db, storeId: string, permission: StorePermission): Promise<string[]>;
  adminsWith(executor: Db, permission: AdminPermission): Promise<string[]>;
}

/** A live list hears of a user's new notifications through the change bus (ADR 043), in every process. */
export const NOTIFICATIONS_CHANGED = 'notifications.changed';

const MAX_FAN_OUT_ATTEMPTS = 5;

type Channels = { inApp: boolean; email: boolean; sms: boolean };

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function createNotificationsService(deps: Deps, needs: NotificationsNeeds) {
  const { db } = deps;

  async function recipientsOf(executor: Db, audience: EventAudience[]): Promise<string[]> {
    const ids = new Set<string>();
    for (const target of audience) {
      if ('user' in target) ids.add(target.user);
      else if ('store' in target)
        for (const id of await needs.storeMembersWith(executor, target.store, target.permission)) ids.add(id);
      else for (const id of await needs.adminsWith(executor, target.admins)) ids.add(id);
    }
    return [...ids];
  }

  async function channelsOf(executor: Db, userIds: string[], kind: NotificationKind) {
    const rows = userIds.length
      ? await executor
          .select()
          .from(notificationPreferences)
          .where(
            and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.kind, kind)),
          )
      : [];
    const chosen = new Map(rows.map((row) => [row.userId, row]));
    const offered = offeredChannels(kind);
    return (userId: string): Channels => {
      const { inApp, email, sms } = chosen.get(userId) ?? notificationKinds[kind].defaults;
      return {
        inApp: inApp && offered.includes('inApp'),
        email: email && offered.includes('email'),
        sms: sms && offered.includes('sms'),
      };
    };
  }

  /** Tells one event's recipients, in one transaction: all of them once, or none (and it is tried again). */
  async function fanOutOne(): Promise<'done' | 'none'> {
    const told = await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(notificationEvents)
        .where(
          and(
            isNull(notificationEvents.fannedOutAt),
            sql`${notificationEvents.attempts} < ${MAX_FAN_OUT_ATTEMPTS}`,
          ),
        )
        .orderBy(notificationEvents.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!event) return undefined;
      const kind = event.kind as NotificationKind;
      const accounts = (notificationKinds[kind]?.accounts ?? []) as readonly AccountKind[];
      const ids = await recipientsOf(tx, event.audience);
      const people = await reachableAccounts(tx, ids);
      const channels = await channelsOf(
        tx,
        people.map((person) => person.id),
        kind,
      );
      const told: string[] = [];
      for (const person of people) {
        // The catalogue says who may receive a kind: customer wording never reaches a merchant by mistake.
        if (!accounts.includes(person.kind)) continue;
        const chosen = channels(person.id);
        const wording = wordingOf(kind, person.kind, event.params);
        const [inserted] = await tx
          .insert(notifications)
          .values({
            userId: person.id,
            eventId: event.id,
            kind,
            title: wording.title,
            body: wording.body,
            link: wording.link,
            visible: chosen.inApp,
            createdAt: deps.now(),
          })
          .onConflictDoNothing()
          .returning({ id: notifications.id });
        if (!inserted) continue;
        told.push(person.id);
        if (chosen.email) {
          await deps.mailer.send(tx, {
            to: person.email,
            subject: wording.title,
            paragraphs: [`Hello ${person.firstName},`, wording.body],
            action: wording.link
              ? { label: 'Open Naija Market', url: `${deps.config.publicUrl}${wording.link}` }
              : undefined,
          });
        }
        if (chosen.sms && person.phone)
          await deps.sms.send(tx, {
            to: person.phone,
            text: wording.sms,
            // The SMS budget counts per order, and lets an assignment's text settle (issue 31).
            kind,
            orderId: typeof event.params.orderId === 'string' ? event.params.orderId : null,
          });
      }
      await tx
        .update(notificationEvents)
        .set({ fannedOutAt: deps.now() })
        .where(eq(notificationEvents.id, event.id));
      return told;
    });
    if (!told) return 'none';
    // After the commit, so that a live list that hears it reads the new rows.
    if (told.length > 0) await deps.changes.publish(NOTIFICATIONS_CHANGED, told.join(','));
    return 'done';
  }

  let fanningOut: Promise<number> | undefined;

  async function fanOutBatch(limit: number): Promise<number> {
    let done = 0;
    while (done < limit) {
      try {
        if ((await fanOutOne()) === 'none') break;
        done += 1;
      } catch (error) {
        deps.logger.error({ err: error }, 'notification fan-out failed');
        // The failed event is counted so that it cannot hold the queue forever; the next run tries the others.
        await db.execute(sql`
          update ${notificationEvents} set attempts = attempts + 1, last_error = ${String(error).slice(0, 300)}
          where id = (select id from ${notificationEvents} where fanned_out_at is null
                      order by created_at limit 1 for update skip locked)`);
        break;
      }
    }
    return done;
  }

  return {
    /**
     * Fans out waiting events (the `notifications.fan-out` job, and right after an emit); answers how many. Runs in
     * this process one at a time: a caller that comes while one runs waits for it, then looks again, so when it
     * returns every event committed before the call has been told (another run's skip-locked rows included).
     */
    async fanOut(limit = 100): Promise<number> {
      while (fanningOut) await fanningOut.catch(() => 0);
      fanningOut = fanOutBatch(limit).finally(() => {
        fanningOut = undefined;
      });
      return fanningOut;
    },

    async list(userId: string, query: { page: number; limit: number; unread?: 'true' | 'false' }) {
      const mine = and(
        eq(notifications.userId, userId),
        eq(notifications.visible, true),
        query.unread === 'true' ? isNull(notifications.readAt) : undefined,
      );
      const [rows, [total], unreadCount] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(notifications).where(mine),
        this.unreadCount(userId),
      ]);
      return {
        notifications: rows.map(toNotification),
        unreadCount,
        pagination: pageInfo(query.page, query.limit, total?.total ?? 0),
      };
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.visible, true),
            isNull(notifications.readAt),
          ),
        );
      return row?.unread ?? 0;
    },

    /** Another account's notification is "not found": its existence is not told either. */
    async markRead(userId: string, id: string): Promise<Notification> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${deps.now()})` })
        .where(
          and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.visible, true)),
        )
        .returning();
      if (!row) throw notFound('Notification not found');
      return toNotification(row);
    },

    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: deps.now() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async preferences(
      userId: string,
      account: AccountKind,
      permissions: readonly string[],
    ): Promise<NotificationPreference[]> {
      const kinds = notificationKindsFor(account, permissions);
      const rows = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      const chosen = new Map(rows.map((row) => [row.kind, row]));
      return kinds.map((kind) => {
        const { inApp, email, sms } = chosen.get(kind) ?? notificationKinds[kind].defaults;
        const offered = offeredChannels(kind);
        return {
          kind,
          label: notificationKinds[kind].label,
          inApp: inApp && offered.includes('inApp'),
          email: email && offered.includes('email'),
          sms: sms && offered.includes('sms'),
          offered: [...offered],
        };
      });
    },

    async updatePreferences(
      userId: string,
      account: AccountKind,
      permissions: readonly string[],
      body: UpdateNotificationPreferencesBody,
    ): Promise<NotificationPreference[]> {
      const mine = new Set<string>(notificationKindsFor(account, permissions));
      const foreign = body.preferences.find((preference) => !mine.has(preference.kind));
      if (foreign) {
        throw validation(
          'preferences',
          `This account does not receive "${notificationKinds[foreign.kind].label}"`,
        );
      }
      await db.transaction(async (tx) => {
        for (const preference of body.preferences) {
          const values = { inApp: preference.inApp, email: preference.email, sms: preference.sms };
          await tx
            .insert(notificationPreferences)
            .values({ userId, kind: preference.kind, ...values, updatedAt: deps.now() })
            .onConflictDoUpdate({
              target: [notificationPreferences.userId, notificationPreferences.kind],
              set: { ...values, updatedAt: deps.now() },
            });
        }
      });
      return this.preferences(userId, account, permissions);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
