import type { AccountKind, NotificationKind } from '@market/contracts';
import { customerWordings } from './notifications.wording.customers.js';
import { operationsWordings } from './notifications.wording.operations.js';
import { storeWordings } from './notifications.wording.stores.js';
import { type Params, type Say, text, type Words } from './notifications.words.js';

export { waitedFor } from './notifications.words.js';

/** What one notification says, in each channel, to one kind of account. */
export interface Wording {
  title: string;
  body: string;
  /** The web app's screen that acts on it. */
  link: string | null;
  /** Plain text for SMS, in GSM characters (₦ would make it UCS-2 and halve a segment): `NGN 12,500.00`. */
  sms: string;
  /**
   * The approved WhatsApp template it fills (ADR 090) and its placeholders but the recipient's first name: a
   * customer's message about an order is an "order update" with its tracking link, anything else an "account alert".
   */
  whatsapp: { template: 'order-update' | 'account-alert'; data: Record<string, string> };
}

/**
 * Each kind's words, for the account that receives it, in every channel. A customer's message about an order
 * carries its signed tracking link (`trackUrl`, issue 36) in the mail, the SMS and WhatsApp.
 */
export function wordingOf(kind: NotificationKind, account: AccountKind, params: Params): Wording {
  const words = wordsOf(kind, account, params);
  const trackUrl = account === 'customer' ? text(params, 'trackUrl') : '';
  const orderNumber = text(params, 'orderNumber');
  if (trackUrl && orderNumber)
    return {
      ...words,
      body: `${words.body} Follow it without signing in: ${trackUrl}`,
      sms: `${words.sms} Track: ${trackUrl}`,
      whatsapp: {
        template: 'order-update',
        data: { order_number: orderNumber, update: words.title, track_url: trackUrl },
      },
    };
  return {
    ...words,
    whatsapp: { template: 'account-alert', data: { title: words.title, detail: words.body } },
  };
}

/**
 * Each kind's words, for the account that receives it. Customers read what happened to their order; merchants,
 * admins and carriers read what they do next. Reasons given by a person are quoted; internal notes never travel.
 * The kinds are in three maps by who reads them; together they must name every kind.
 */
const wordings: Record<NotificationKind, Say> = {
  ...storeWordings,
  ...operationsWordings,
  ...customerWordings,
};

function wordsOf(kind: NotificationKind, account: AccountKind, params: Params): Words {
  const reason = text(params, 'reason');
  return wordings[kind]({
    params,
    account,
    order: text(params, 'orderNumber', 'your order'),
    orderId: text(params, 'orderId'),
    store: text(params, 'storeName', 'the store'),
    reason,
    because: reason ? ` Reason: ${reason}` : '',
  });
}
