import type { Notification } from '@market/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { pageInfo } from '../../platform/db/paging.js';
import { notFound } from '../../platform/errors.js';
import { type NotificationsContext, toNotification } from './notifications.context.js';
import { notifications } from './notifications.schema.js';

// An account's own notifications in the app: the list, the unread count, marking read.

export async function list(
  ctx: NotificationsContext,
  userId: string,
  query: { page: number; limit: number; unread?: 'true' | 'false' },
) {
  const { db } = ctx;
  const mine = and(
    eq(notifications.userId, userId),
    eq(notifications.visible, true),
    query.unread === 'true' ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(notifications).where(mine),
    unreadCount(ctx, userId),
  ]);
  return {
    notifications: rows.map(toNotification),
    unreadCount: unread,
    pagination: pageInfo(query.page, query.limit, total?.total ?? 0),
  };
}

export async function unreadCount(ctx: NotificationsContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.visible, true), isNull(notifications.readAt)),
    );
  return row?.unread ?? 0;
}

/** Another account's notification is "not found": its existence is not told either. */
export async function markRead(ctx: NotificationsContext, userId: string, id: string): Promise<Notification> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${ctx.deps.now()})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.visible, true)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return toNotification(row);
}

export async function markAllRead(ctx: NotificationsContext, userId: string): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.deps.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
