import {
  type AccountKind,
  type Notification,
  type NotificationKind,
  type NotificationPreference,
  notificationKinds,
  notificationKindsFor,
  offeredChannels,
  permissionsNeededFor,
  type UpdateNotificationPreferencesBody,
} from '@market/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { insertFromJson, jsonRows } from '../../platform/db/json-rows.js';
import { pageInfo } from '../../platform/db/paging.js';
import { preparedSql } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import { notificationEvents } from '../../platform/notify/events.schema.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import { reachableAccounts } from '../auth/index.js';
import { channelsOfBatch, phoneMessages } from './notifications.channels.js';
import { notificationPreferences, notifications } from './notifications.schema.js';
import { notificationSettingsService } from './notifications.settings.js';
import { wordingOf } from './notifications.wording.js';

/** What the fan-out needs of the modules that know who holds a permission: a whole batch's audiences at once. */
export interface NotificationsNeeds {
  /** The active members of these stores, each with the store permissions it holds (one query). */
  storeMembersOf(
    executor: Db,
    storeIds: readonly string[],
  ): Promise<{ storeId: string; userId: string; permissions: readonly string[] }[]>;
  /** Every live admin with the permissions it holds. */
  adminsWithPermissions(executor: Db): Promise<{ userId: string; permissions: readonly string[] }[]>;
}

/** A live list hears of a user's new notifications through the change bus (ADR 043), in every process. */
export const NOTIFICATIONS_CHANGED = 'notifications.changed';

const MAX_FAN_OUT_ATTEMPTS = 5;
/** Events claimed and told per transaction (ADR 082). */
const FAN_OUT_BATCH = 50;

const notificationKeys = [
  'userId',
  'eventId',
  'kind',
  'title',
  'body',
  'link',
  'visible',
  'createdAt',
] as const;
const notificationsJson = jsonRows(notifications, notificationKeys);
/**
 * A batch's notifications in one insert; the pairs (user, event) already told are skipped, and the ones written are
 * answered, so mail and SMS go only with a notification written now (exactly once per user and event).
 */
const insertNotifications = preparedSql<{ user_id: string; event_id: string }>(
  'notifications_insert_batch',
  () => sql`${insertFromJson(notifications, notificationKeys, 'rows')}
    on conflict (user_id, event_id) do nothing returning user_id, event_id`,
);

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

/** The permissions whose news the admins' digest carries (the `admin.digest` kind's audience). */
const DIGEST_PERMISSIONS = permissionsNeededFor('admin.digest', 'admin') ?? [];
/** The calendar day in Lagos (UTC+1, no daylight saving): a digest per admin per Lagos day. */
const lagosDay = (at: Date) => new Date(at.getTime() + 3600_000).toISOString().slice(0, 10);

export function createNotificationsService(deps: Deps, needs: NotificationsNeeds) {
  const { db } = deps;
  const settings = notificationSettingsService(deps);
  const trackUrlOf = trackingUrlMaker(deps.config);

  type Event = typeof notificationEvents.$inferSelect;
  type Person = Awaited<ReturnType<typeof reachableAccounts>>[number];

  /**
   * Every recipient of every event of a batch, in a fixed number of queries however many events: the stores'
   * members of all the batch's stores in one, the admins (when any event names them) in one, the accounts in one.
   * Answers, per event, the reachable people in the order its audience names them (each once).
   */
  async function audiencesOf(executor: Db, events: Event[]): Promise<Map<string, Person[]>> {
    const targets = events.flatMap((event) => event.audience);
    const storeIds = [...new Set(targets.flatMap((target) => ('store' in target ? [target.store] : [])))];
    const wantsAdmins = targets.some((target) => 'admins' in target);
    const [members, admins] = await Promise.all([
      needs.storeMembersOf(executor, storeIds),
      wantsAdmins ? needs.adminsWithPermissions(executor) : Promise.resolve([]),
    ]);
    const idsOf = new Map<string, string[]>();
    for (const event of events) {
      const ids = new Set<string>();
      for (const target of event.audience) {
        if ('user' in target) ids.add(target.user);
        else if ('store' in target) {
          for (const member of members)
            if (member.storeId === target.store && member.permissions.includes(target.permission))
              ids.add(member.userId);
        } else {
          for (const admin of admins) if (admin.permissions.includes(target.admins)) ids.add(admin.userId);
        }
      }
      idsOf.set(event.id, [...ids]);
    }
    const people = new Map(
      (await reachableAccounts(executor, [...new Set([...idsOf.values()].flat())])).map((person) => [
        person.id,
        person,
      ]),
    );
    return new Map(
      [...idsOf].map(([eventId, ids]) => [
        eventId,
        ids.flatMap((id) => (people.has(id) ? [people.get(id)!] : [])),
      ]),
    );
  }

  /**
   * Tells a batch of waiting events' recipients (ADR 082), in one transaction: claimed with `skip locked` (several
   * processes take disjoint batches), audiences resolved together, the notifications, mails and texts written with
   * one insert each, the events marked told, one commit. All of a batch once, or none (and it is tried again).
   * `limit` 1 tells one event alone (a batch that failed is retried one by one, to find the event that fails).
   */
  async function fanOutOnce(limit: number): Promise<number> {
    const result = await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(notificationEvents)
        .where(
          and(
            isNull(notificationEvents.fannedOutAt),
            sql`${notificationEvents.attempts} < ${MAX_FAN_OUT_ATTEMPTS}`,
          ),
        )
        .orderBy(notificationEvents.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (events.length === 0) return undefined;
      const audiences = await audiencesOf(tx, events);
      const at = deps.now();
      // The catalogue says who may receive a kind: customer wording never reaches a merchant by mistake.
      const told = events.flatMap((event) => {
        const kind = event.kind as NotificationKind;
        const accounts = (notificationKinds[kind]?.accounts ?? []) as readonly AccountKind[];
        const orderId = typeof event.params.orderId === 'string' ? event.params.orderId : null;
        return (audiences.get(event.id) ?? [])
          .filter((person) => accounts.includes(person.kind))
          .map((person) => {
            // Every customer message about an order carries its signed tracking link (issue 36).
            const params =
              person.kind === 'customer' && orderId
                ? { ...event.params, trackUrl: trackUrlOf(orderId, at) }
                : event.params;
            return { event, kind, person, orderId, wording: wordingOf(kind, person.kind, params) };
          });
      });
      const recipients = await channelsOfBatch(
        tx,
        told.map(({ person, kind }) => ({ userId: person.id, kind })),
      );
      const channels = (person: Person, kind: NotificationKind) =>
        recipients.channels(person.id, person.kind, kind);
      const written =
        told.length === 0
          ? []
          : await insertNotifications(tx, {
              rows: notificationsJson(
                told.map(({ event, kind, person, wording }) => ({
                  userId: person.id,
                  eventId: event.id,
                  kind,
                  title: wording.title,
                  body: wording.body,
                  link: wording.link,
                  visible: channels(person, kind).inApp,
                  createdAt: at.toISOString(),
                })),
              ),
            });
      const isNew = new Set(written.map((row) => `${row.user_id}:${row.event_id}`));
      const fresh = told.filter(({ event, person }) => isNew.has(`${person.id}:${event.id}`));
      await deps.mailer.sendMany(
        tx,
        fresh
          .filter(({ person, kind }) => channels(person, kind).email)
          .map(({ person, wording }) => ({
            to: person.email,
            subject: wording.title,
            paragraphs: [`Hello ${person.firstName},`, wording.body],
            action: wording.link
              ? { label: 'Open Naija Market', url: `${deps.config.publicUrl}${wording.link}` }
              : undefined,
          })),
      );
      await deps.sms.sendMany(tx, phoneMessages(fresh, recipients));
      await tx
        .update(notificationEvents)
        .set({ fannedOutAt: at })
        .where(
          inArray(
            notificationEvents.id,
            events.map((event) => event.id),
          ),
        );
      return { events: events.length, users: [...new Set(fresh.map(({ person }) => person.id))] };
    });
    if (!result) return 0;
    // After the commit, so that a live list that hears it reads the new rows.
    if (result.users.length > 0) await deps.changes.publish(NOTIFICATIONS_CHANGED, result.users.join(','));
    return result.events;
  }

  let fanningOut: Promise<number> | undefined;

  async function fanOutBatch(limit: number): Promise<number> {
    let done = 0;
    while (done < limit) {
      try {
        const told = await fanOutOnce(Math.min(FAN_OUT_BATCH, limit - done));
        if (told === 0) break;
        done += told;
      } catch (error) {
        deps.logger.warn({ err: error }, 'notification fan-out batch failed; telling its events one by one');
        // One by one, so that one event that cannot be told does not hold the others back.
        try {
          const told = await fanOutOnce(1);
          if (told === 0) break;
          done += told;
        } catch (single) {
          deps.logger.error({ err: single }, 'notification fan-out failed');
          // The failed event is counted so that it cannot hold the queue forever; the next run tries the others.
          await db.execute(sql`
            update ${notificationEvents} set attempts = attempts + 1, last_error = ${String(single).slice(0, 300)}
            where id = (select id from ${notificationEvents} where fanned_out_at is null
                        and attempts < ${MAX_FAN_OUT_ATTEMPTS}
                        order by created_at limit 1 for update skip locked)`);
          break;
        }
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
      return this.preferences(userId, account, permissions);
    },

    ...settings,

    /**
     * One digest event per admin who chose the daily digest, keyed by admin and Lagos day (issue 36): emitted twice
     * in a day (two processes, a retry) it is one event, told once. Each admin's digest names only the parts their
     * permissions cover. Answers how many admins it was for.
     */
    async emitDailyDigests(counts: {
      stores: number;
      products: number;
      orders: number;
      refunds: number;
    }): Promise<number> {
      const chosen = new Set(await settings.digestAdmins());
      if (chosen.size === 0) return 0;
      const admins = (await needs.adminsWithPermissions(db)).filter((admin) => chosen.has(admin.userId));
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
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
