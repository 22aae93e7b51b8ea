import { z } from 'zod';
import { access } from './access.js';
import { idParam, isoDateTime } from './common.js';
import type { AccountKind } from './endpoint.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';
import type { AdminPermission, StorePermission } from './permissions.js';

// Notifications (issue 23): every account is told what happened to its orders, stores, payouts and queues, in the
// app (a bell and a list), by e-mail, by SMS and on WhatsApp (issue 36, with the account's own opt-in). Each account
// chooses its channels per kind of event.

export const notificationChannels = ['inApp', 'email', 'sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

interface KindInfo {
  /** What the preferences screen calls it. */
  label: string;
  /** The account kinds that receive it. */
  accounts: readonly AccountKind[];
  /** The channels on until the account changes them; SMS only where the news cannot wait; WhatsApp never (opt-in). */
  defaults: Readonly<Record<Exclude<NotificationChannel, 'whatsapp'>, boolean>>;
  /**
   * The channels the account may choose from, when not all: a mail that is always sent is not offered. WhatsApp is
   * offered wherever SMS is (both reach the phone).
   */
  offered?: readonly NotificationChannel[];
  /**
   * The permission a store member or an admin must hold to be in the kind's audience. The emitters name it from
   * here, and the preferences screen offers a kind only to those who hold it (issue 34 item 9).
   */
  needs?: { merchant?: StorePermission; admin?: AdminPermission | readonly AdminPermission[] };
}

/** The channels offered for a kind. */
export function offeredChannels(kind: NotificationKind): readonly NotificationChannel[] {
  const info: KindInfo = notificationKinds[kind];
  if (!info.offered) return notificationChannels;
  return info.offered.includes('sms') ? [...info.offered, 'whatsapp'] : info.offered;
}

const inAppAndEmail = { inApp: true, email: true, sms: false } as const;
const everywhere = { inApp: true, email: true, sms: true } as const;
const inAppOnly = { inApp: true, email: false, sms: false } as const;

/** Every kind of notification, who gets it, and which channels are on by default. */
export const notificationKinds = {
  // Store members whose role covers it.
  'order.paid': {
    label: 'A new paid order',
    accounts: ['merchant'],
    defaults: everywhere,
    needs: { merchant: 'orders:write' },
  },
  'order.cancelled': {
    label: 'An order was cancelled',
    accounts: ['merchant'],
    defaults: inAppAndEmail,
    needs: { merchant: 'orders:write' },
  },
  'return.requested': {
    label: 'A customer asked to return an item',
    accounts: ['merchant'],
    defaults: inAppAndEmail,
    needs: { merchant: 'returns:write' },
  },
  'dispute.opened': {
    label: 'A return went to dispute',
    accounts: ['merchant', 'admin'],
    defaults: inAppAndEmail,
    needs: { merchant: 'returns:write', admin: 'returns:disputes' },
  },
  'dispute.decided': {
    label: 'A disputed return was decided',
    accounts: ['merchant'],
    defaults: inAppAndEmail,
    needs: { merchant: 'returns:write' },
  },
  'payout.paid': {
    label: 'A payout reached your bank',
    accounts: ['merchant'],
    defaults: everywhere,
    needs: { merchant: 'payouts:read' },
  },
  'payout.failed': {
    label: 'A payout failed',
    accounts: ['merchant'],
    defaults: everywhere,
    needs: { merchant: 'payouts:read' },
  },
  'stock.low': {
    label: 'A product is running low',
    accounts: ['merchant'],
    defaults: inAppAndEmail,
    needs: { merchant: 'products:write' },
  },
  'review.new': {
    label: 'A new review',
    accounts: ['merchant'],
    defaults: inAppOnly,
    needs: { merchant: 'reviews:reply' },
  },
  // Store and product decisions are always mailed to the owner (ADR 005); the app and SMS are the choice.
  'product.decided': {
    label: 'A product was approved or rejected',
    accounts: ['merchant'],
    defaults: inAppOnly,
    offered: ['inApp', 'sms'],
    needs: { merchant: 'products:write' },
  },
  'store.approved': {
    label: 'Your store was approved',
    accounts: ['merchant'],
    defaults: { inApp: true, email: false, sms: true },
    offered: ['inApp', 'sms'],
    needs: { merchant: 'store:profile:write' },
  },
  // Carriers: shipping partners and platform dispatchers.
  'assignment.new': {
    label: 'An order was assigned to you',
    accounts: ['partner', 'admin'],
    defaults: everywhere,
    needs: { admin: 'orders:carry' },
  },
  'assignment.removed': {
    label: 'An order was taken away from you',
    accounts: ['partner', 'admin'],
    defaults: inAppAndEmail,
    needs: { admin: 'orders:carry' },
  },
  'token.reissued': {
    label: 'A delivery token was issued again',
    accounts: ['partner', 'admin'],
    defaults: inAppAndEmail,
    needs: { admin: 'orders:carry' },
  },
  'pickup.assigned': {
    label: 'A return pickup was assigned to you',
    accounts: ['partner', 'admin'],
    defaults: everywhere,
    needs: { admin: 'orders:carry' },
  },
  'pickup.delivered': {
    label: 'Returned goods reached your store',
    accounts: ['merchant'],
    defaults: inAppAndEmail,
    needs: { merchant: 'returns:write' },
  },
  // The store, the carrier holding the order, and admins who see every order (issue 35): once per order per limit.
  'service-level.late': {
    label: 'An order or a return passed its service-level limit',
    accounts: ['merchant', 'partner', 'admin'],
    defaults: inAppAndEmail,
    needs: { merchant: 'orders:read', admin: 'orders:read-all' },
  },
  // Admins whose role holds the permission.
  'queue.waiting': {
    label: 'An order is waiting for a carrier',
    accounts: ['admin'],
    defaults: inAppAndEmail,
    needs: { admin: 'orders:assign' },
  },
  'refund.failed': {
    label: 'A refund failed',
    accounts: ['admin', 'customer'],
    defaults: inAppAndEmail,
    needs: { admin: 'returns:disputes' },
  },
  'payout.needs-otp': {
    label: 'A payout needs its OTP',
    accounts: ['admin'],
    defaults: everywhere,
    needs: { admin: 'finance:payouts' },
  },
  'approval.waiting': {
    label: 'A store or product is waiting for approval',
    accounts: ['admin'],
    defaults: inAppAndEmail,
    needs: { admin: ['approvals:stores', 'approvals:products'] },
  },
  // One message a day instead of one per event, for admins who choose it (issue 36): approvals, orders waiting
  // for a carrier, failed refunds.
  'admin.digest': {
    label: 'Daily digest of approvals, waiting orders and failed refunds (when chosen below)',
    accounts: ['admin'],
    defaults: inAppAndEmail,
    needs: { admin: ['approvals:stores', 'approvals:products', 'orders:assign', 'returns:disputes'] },
  },
  'contact.message': {
    label: 'A message through the contact form',
    accounts: ['admin'],
    defaults: inAppOnly,
    needs: { admin: 'contact:read' },
  },
  // Customers.
  // The receipt and return decisions are always mailed (they are records); the app and SMS are the choice.
  'order.receipt': {
    label: 'Your receipt when you pay',
    accounts: ['customer'],
    defaults: inAppOnly,
    offered: ['inApp', 'sms'],
  },
  'order.accepted': { label: 'Your order was accepted', accounts: ['customer'], defaults: inAppAndEmail },
  'order.out-for-delivery': {
    label: 'Your order is out for delivery (with its delivery token)',
    accounts: ['customer'],
    defaults: everywhere,
  },
  'order.delivered': { label: 'Your order was delivered', accounts: ['customer'], defaults: inAppAndEmail },
  'order.delivery-failed': {
    label: 'A delivery did not go through',
    accounts: ['customer'],
    defaults: everywhere,
  },
  'order.cancelled-customer': {
    label: 'Your order was cancelled',
    accounts: ['customer'],
    defaults: inAppAndEmail,
  },
  'refund.paid': { label: 'Your refund was sent', accounts: ['customer'], defaults: everywhere },
  'pickup.scheduled': {
    label: 'A carrier is coming for your return (with its pickup token)',
    accounts: ['customer'],
    defaults: everywhere,
  },
  'pickup.collected': {
    label: 'Your returned items were collected',
    accounts: ['customer'],
    defaults: inAppOnly,
  },
  'wishlist.price-drop': {
    label: 'A product you saved is cheaper',
    accounts: ['customer'],
    defaults: inAppAndEmail,
  },
  'wishlist.back-in-stock': {
    label: 'A product you saved is back in stock',
    accounts: ['customer'],
    defaults: inAppAndEmail,
  },
  'return.decided': {
    label: 'A decision on your return',
    accounts: ['customer'],
    defaults: inAppOnly,
    offered: ['inApp', 'sms'],
  },
} as const satisfies Record<string, KindInfo>;

export type NotificationKind = keyof typeof notificationKinds;
export const notificationKindIds = Object.keys(notificationKinds) as NotificationKind[];

/** The permissions that put a store member or an admin in a kind's audience (none for customers and partners). */
export function permissionsNeededFor(
  kind: NotificationKind,
  account: AccountKind,
): readonly string[] | undefined {
  const info: KindInfo = notificationKinds[kind];
  const needed =
    account === 'merchant' ? info.needs?.merchant : account === 'admin' ? info.needs?.admin : undefined;
  if (needed === undefined) return undefined;
  return typeof needed === 'string' ? [needed] : needed;
}

/**
 * The kinds an account of this kind can receive, in the catalogue's order; given the account's permissions, only
 * the kinds whose audience they are in (inventory staff are never told of paid orders, nor a finance viewer of
 * carrier assignments).
 */
export function notificationKindsFor(
  account: AccountKind,
  permissions?: readonly string[],
): NotificationKind[] {
  return notificationKindIds.filter((kind) => {
    if (!(notificationKinds[kind].accounts as readonly AccountKind[]).includes(account)) return false;
    const needed = permissionsNeededFor(kind, account);
    return !needed || !permissions || needed.some((permission) => permissions.includes(permission));
  });
}

export const notification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The screen that acts on it, a path of the web app. */
  link: z.string().nullable(),
  createdAt: isoDateTime,
  readAt: isoDateTime.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  notifications: z.array(notification),
  unreadCount: z.number().int(),
  pagination,
});

export const notificationPreference = z.object({
  kind: z.string(),
  label: z.string(),
  inApp: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
  /** Sent on WhatsApp (only once the account opted in with a number, see `notificationSettings`). */
  whatsapp: z.boolean(),
  /** The channels that can be chosen; a mail always sent is not among them. */
  offered: z.array(z.enum(notificationChannels)),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

export const updateNotificationPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(notificationKindIds as [NotificationKind, ...NotificationKind[]], {
          error: 'Unknown kind of notification',
        }),
        inApp: z.boolean({ error: 'Choose whether to show it here' }),
        email: z.boolean({ error: 'Choose whether to e-mail it' }),
        sms: z.boolean({ error: 'Choose whether to send it by SMS' }),
        // Optional so that a client that knows only three channels keeps working: absent is "off".
        whatsapp: z.boolean({ error: 'Choose whether to send it on WhatsApp' }).default(false),
      }),
    )
    .min(1, 'Send at least one preference')
    .max(notificationKindIds.length, 'Too many preferences'),
});
export type UpdateNotificationPreferencesBody = z.input<typeof updateNotificationPreferencesBody>;

/**
 * The kinds an admin who chose the daily digest hears of once a day rather than one message each (the in-app list
 * still shows each).
 */
export const DIGESTED_KINDS = ['approval.waiting', 'queue.waiting', 'refund.failed'] as const;

/** An account's WhatsApp opt-in (its own consent, with the number) and, for admins, the daily digest. */
export const notificationSettings = z.object({
  whatsapp: z
    .object({
      /** +234… as it will be messaged. */
      phoneNumber: z.string(),
      consentedAt: isoDateTime,
    })
    .nullable(),
  /** Admins only: one digest a day of approvals, waiting orders and failed refunds instead of a message each. */
  dailyDigest: z.boolean(),
  /** False when the platform has no WhatsApp sender configured: messages chosen for WhatsApp go by SMS. */
  whatsappAvailable: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const updateNotificationSettingsBody = z.object({
  whatsapp: z
    .object({
      phoneNumber: z
        .string({ error: 'Enter the WhatsApp number' })
        .trim()
        .min(7, 'Enter the WhatsApp number')
        .max(20, 'Enter a valid Nigerian phone number'),
      consent: z.literal(true, {
        error: 'Tick the box to agree to receive messages on WhatsApp',
      }),
    })
    .nullable()
    .optional(),
  dailyDigest: z.boolean({ error: 'Choose whether to get a daily digest' }).optional(),
});
export type UpdateNotificationSettingsBody = z.input<typeof updateNotificationSettingsBody>;

export const NOTIFICATION_SETTINGS_SAVED = 'Notification settings saved';

export const notificationEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/notifications',
    summary: 'Your notifications, newest first, with how many are unread',
    tags: ['Notifications'],
    access: access.anyAccount,
    query: pageQuery.extend({ unread: z.enum(['true', 'false']).optional() }),
    response: envelope(notificationList),
  }),
  unreadCount: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/notifications/unread-count',
    summary: 'How many of your notifications are unread (the bell)',
    tags: ['Notifications'],
    access: access.anyAccount,
    response: envelope(z.object({ unreadCount: z.number().int() })),
  }),
  markRead: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/notifications/:id/read',
    summary: 'Mark one of your notifications read',
    tags: ['Notifications'],
    access: access.anyAccount,
    errors: [404],
    params: idParam,
    response: envelope(notification),
  }),
  markAllRead: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/notifications/read-all',
    summary: 'Mark all your notifications read',
    tags: ['Notifications'],
    access: access.anyAccount,
    response: envelope(z.object({ marked: z.number().int() })),
  }),
  preferences: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/notifications/preferences',
    summary: 'Which channels each kind of notification reaches you on',
    tags: ['Notifications'],
    access: access.anyAccount,
    response: envelope(z.array(notificationPreference)),
  }),
  updatePreferences: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/notifications/preferences',
    summary: 'Choose the channels of your notifications',
    tags: ['Notifications'],
    access: access.anyAccount,
    serverChecks: {
      preferences: 'each kind must be one this kind of account receives (the preferences list names them)',
    },
    body: updateNotificationPreferencesBody,
    response: envelope(z.array(notificationPreference)),
  }),
  settings: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/notifications/settings',
    summary: 'Your WhatsApp opt-in and, for admins, the daily digest',
    tags: ['Notifications'],
    access: access.anyAccount,
    response: envelope(notificationSettings),
  }),
  updateSettings: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/notifications/settings',
    summary: 'Opt in to WhatsApp with a number (or out, with null), and choose the daily digest (admins)',
    tags: ['Notifications'],
    access: access.anyAccount,
    serverChecks: {
      'whatsapp.phoneNumber': 'a valid Nigerian phone number',
      dailyDigest: 'admins only',
    },
    body: updateNotificationSettingsBody,
    response: envelope(notificationSettings),
  }),
};

/**
 * What the live stream tells a signed-in screen (server-sent events): `notifications` when the account has new
 * ones, `orders` when an order it sees moved (the store's list, the carrier's list, the admin's queue).
 */
export const liveEventNames = ['ready', 'notifications', 'orders'] as const;
export type LiveEventName = (typeof liveEventNames)[number];

export const liveEndpoints = {
  stream: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/live',
    summary: 'Server-sent events that tell a signed-in screen to refresh its notifications or order lists',
    tags: ['Notifications'],
    access: access.anyAccount,
    // Beyond the streams one account or one process may hold open (ADR 068): 503 with Retry-After.
    errors: [503],
    produces: 'text/event-stream',
    response: z.string(),
  }),
};

export const NOTIFICATION_PREFERENCES_SAVED = 'Notification settings saved';
