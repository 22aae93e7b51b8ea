import { type NotificationKind, permissionsNeededFor } from '@market/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertFromJson, jsonRows } from '../db/json-rows.js';
import type { StatementPart } from '../db/prepared.js';
import { type EventAudience, notificationEvents } from './events.schema.js';

export type { EventAudience } from './events.schema.js';

/** Something happened that people must be told of (issue 23). */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Names the event once: a retried request that emits it again changes nothing (`order.paid:<orderId>`). */
  key: string;
  audience: EventAudience[];
  /** What the wording needs: ids, numbers, names, amounts in kobo. No secrets but a delivery token for its owner. */
  params: Record<string, string | number | null>;
}

export interface NotificationEvents {
  /**
   * Records the events in the caller's transaction (one statement however many); they are fanned out to their
   * recipients after it commits.
   */
  emit(executor: Db, event: NotificationEvent | NotificationEvent[]): Promise<void>;
  /** `emit` as one part of a statement of several writes (`writeTogether`, ADR 055); the listeners hear it after. */
  part(events: NotificationEvent[]): StatementPart;
  /** Called after an emit to have the fan-out run soon rather than at its next tick. */
  onEmit(listener: () => void): void;
}

/**
 * The catalogue says which permission puts a store member or an admin in a kind's audience, and the preferences
 * screen offers the kind from it; an emitter naming another permission is a programming error, caught by any test
 * that emits the event.
 */
function assertAudienceMatchesCatalogue(event: NotificationEvent): void {
  for (const target of event.audience) {
    const [account, permission] =
      'store' in target
        ? (['merchant', target.permission] as const)
        : 'admins' in target
          ? (['admin', target.admins] as const)
          : [];
    if (!account) continue;
    const needed = permissionsNeededFor(event.kind, account);
    if (!needed?.includes(permission))
      throw new Error(
        `${event.kind} is emitted to ${account}s holding ${permission}; the notification catalogue says ${needed?.join(' or ') ?? 'nobody'}`,
      );
  }
}

const eventKeys = ['kind', 'key', 'audience', 'params'] as const;
const eventsJson = jsonRows(notificationEvents, eventKeys);

export function createNotificationEvents(): NotificationEvents {
  const listeners: (() => void)[] = [];
  return {
    part(events) {
      for (const one of events) assertAudienceMatchesCatalogue(one);
      return {
        name: 'notification_events',
        sql: () =>
          sql`${insertFromJson(notificationEvents, eventKeys, 'notificationEvents')} on conflict (key) do nothing`,
        values: { notificationEvents: eventsJson(events) },
        after: () => {
          if (events.length > 0) for (const listener of listeners) listener();
        },
      };
    },
    async emit(executor, event) {
      const events = Array.isArray(event) ? event : [event];
      if (events.length === 0) return;
      for (const one of events) assertAudienceMatchesCatalogue(one);
      await executor
        .insert(notificationEvents)
        .values(events.map(({ kind, key, audience, params }) => ({ kind, key, audience, params })))
        .onConflictDoNothing({ target: notificationEvents.key });
      for (const listener of listeners) listener();
    },
    onEmit(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * How often admins may hear that one store has products waiting (issue 31): a store's submissions in one interval
 * are one event, so one mail per approver, not one per product, and its subject is the store's name (approved by
 * admins), never a product name the merchant typed.
 */
export const PRODUCT_APPROVAL_DIGEST_SECONDS = 3600;

/** The digest event of a store's products waiting for approval, for the interval `at` falls in. */
export function productApprovalDigest(store: { id: string; storeName: string }, at: Date): NotificationEvent {
  const interval = Math.floor(at.getTime() / (PRODUCT_APPROVAL_DIGEST_SECONDS * 1000));
  return {
    kind: 'approval.waiting',
    key: `approval.waiting:products:${store.id}:${interval}`,
    audience: [{ admins: 'approvals:products' }],
    params: { what: 'products', subject: store.storeName, storeId: store.id },
  };
}
