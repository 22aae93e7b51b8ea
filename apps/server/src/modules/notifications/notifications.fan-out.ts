import { type AccountKind, type NotificationKind, notificationKinds } from '@market/contracts';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { insertFromJson, jsonRows } from '../../platform/db/json-rows.js';
import { preparedSql } from '../../platform/db/prepared.js';
import { notificationEvents } from '../../platform/notify/events.schema.js';
import { adminsWithTheirPermissions } from '../admins/index.js';
import { reachableAccounts } from '../auth/index.js';
import { activeMembersOfStores } from '../stores/index.js';
import { channelsOfBatch, phoneMessages } from './notifications.channels.js';
import {
  NOTIFICATIONS_CHANGED,
  type NotificationEvent,
  type NotificationsContext,
  type Person,
} from './notifications.context.js';
import { notifications } from './notifications.schema.js';
import { type Wording, wordingOf } from './notifications.wording.js';

// The fan-out (ADR 057, 082): waiting events claimed in batches, their audiences resolved, and the notifications,
// mails and texts written once per (user, event).

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

/** One recipient of one event, with the words they get. */
interface Told {
  event: NotificationEvent;
  kind: NotificationKind;
  person: Person;
  orderId: string | null;
  wording: Wording;
}

type Recipients = Awaited<ReturnType<typeof channelsOfBatch>>;

/**
 * Every recipient of every event of a batch, in a fixed number of queries however many events: the stores'
 * members of all the batch's stores in one, the admins (when any event names them) in one, the accounts in one.
 * Answers, per event, the reachable people in the order its audience names them (each once).
 */
async function audiencesOf(executor: Db, events: NotificationEvent[]): Promise<Map<string, Person[]>> {
  const targets = events.flatMap((event) => event.audience);
  const storeIds = [...new Set(targets.flatMap((target) => ('store' in target ? [target.store] : [])))];
  const wantsAdmins = targets.some((target) => 'admins' in target);
  const [members, admins] = await Promise.all([
    activeMembersOfStores(executor, storeIds),
    wantsAdmins ? adminsWithTheirPermissions(executor) : Promise.resolve([]),
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

/** Waiting events, oldest first, locked; `skip locked` lets several processes take disjoint batches. */
function claimEvents(tx: Db, limit: number): Promise<NotificationEvent[]> {
  return tx
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
}

/** Who is told of each event, in the words for their kind of account. */
function whoIsTold(
  ctx: NotificationsContext,
  events: NotificationEvent[],
  audiences: Map<string, Person[]>,
  at: Date,
): Told[] {
  // The catalogue says who may receive a kind: customer wording never reaches a merchant by mistake.
  return events.flatMap((event) => {
    const kind = event.kind as NotificationKind;
    const accounts = (notificationKinds[kind]?.accounts ?? []) as readonly AccountKind[];
    const orderId = typeof event.params.orderId === 'string' ? event.params.orderId : null;
    return (audiences.get(event.id) ?? [])
      .filter((person) => accounts.includes(person.kind))
      .map((person) => {
        // Every customer message about an order carries its signed tracking link (issue 36).
        const params =
          person.kind === 'customer' && orderId
            ? { ...event.params, trackUrl: ctx.trackUrlOf(orderId, at) }
            : event.params;
        return { event, kind, person, orderId, wording: wordingOf(kind, person.kind, params) };
      });
  });
}

/** The notifications of a batch in one insert; answers the ones written now (not told before). */
async function writeNotifications(tx: Db, told: Told[], recipients: Recipients, at: Date): Promise<Told[]> {
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
              visible: recipients.channels(person.id, person.kind, kind).inApp,
              createdAt: at.toISOString(),
            })),
          ),
        });
  const isNew = new Set(written.map((row) => `${row.user_id}:${row.event_id}`));
  return told.filter(({ event, person }) => isNew.has(`${person.id}:${event.id}`));
}

/** The mails and texts of the notifications written now, in the same transaction (the outboxes). */
async function sendMailsAndTexts(
  ctx: NotificationsContext,
  tx: Db,
  fresh: Told[],
  recipients: Recipients,
): Promise<void> {
  const { deps } = ctx;
  await deps.mailer.sendMany(
    tx,
    fresh
      .filter(({ person, kind }) => recipients.channels(person.id, person.kind, kind).email)
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
}

/**
 * Tells a batch of waiting events' recipients (ADR 082), in one transaction: claimed with `skip locked` (several
 * processes take disjoint batches), audiences resolved together, the notifications, mails and texts written with
 * one insert each, the events marked told, one commit. All of a batch once, or none (and it is tried again).
 * `limit` 1 tells one event alone (a batch that failed is retried one by one, to find the event that fails).
 */
async function fanOutOnce(ctx: NotificationsContext, limit: number): Promise<number> {
  const result = await ctx.db.transaction(async (tx) => {
    const events = await claimEvents(tx, limit);
    if (events.length === 0) return undefined;
    const at = ctx.deps.now();
    const told = whoIsTold(ctx, events, await audiencesOf(tx, events), at);
    const recipients = await channelsOfBatch(
      tx,
      told.map(({ person, kind }) => ({ userId: person.id, kind })),
    );
    const fresh = await writeNotifications(tx, told, recipients, at);
    await sendMailsAndTexts(ctx, tx, fresh, recipients);
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
  if (result.users.length > 0) await ctx.deps.changes.publish(NOTIFICATIONS_CHANGED, result.users.join(','));
  return result.events;
}

async function fanOutBatch(ctx: NotificationsContext, limit: number): Promise<number> {
  const { deps } = ctx;
  let done = 0;
  while (done < limit) {
    try {
      const told = await fanOutOnce(ctx, Math.min(FAN_OUT_BATCH, limit - done));
      if (told === 0) break;
      done += told;
    } catch (error) {
      deps.logger.warn({ err: error }, 'notification fan-out batch failed; telling its events one by one');
      // One by one, so that one event that cannot be told does not hold the others back.
      try {
        const told = await fanOutOnce(ctx, 1);
        if (told === 0) break;
        done += told;
      } catch (single) {
        deps.logger.error({ err: single }, 'notification fan-out failed');
        // The failed event is counted so that it cannot hold the queue forever; the next run tries the others.
        await ctx.db.execute(sql`
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

/**
 * Fans out waiting events (the `notifications.fan-out` job, and right after an emit); answers how many. Runs in
 * this process one at a time: a caller that comes while one runs waits for it, then looks again, so when it
 * returns every event committed before the call has been told (another run's skip-locked rows included).
 */
export async function fanOut(ctx: NotificationsContext, limit = 100): Promise<number> {
  while (ctx.fanningOut) await ctx.fanningOut.catch(() => 0);
  const running = fanOutBatch(ctx, limit).finally(() => {
    ctx.fanningOut = undefined;
  });
  ctx.fanningOut = running;
  return running;
}
