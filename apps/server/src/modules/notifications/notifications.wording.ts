import { type AccountKind, formatNaira, type NotificationKind } from '@market/contracts';

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

type Words = Omit<Wording, 'whatsapp'>;

type Params = Record<string, string | number | null>;

const text = (params: Params, key: string, fallback = ''): string => {
  const value = params[key];
  return value === null || value === undefined ? fallback : String(value);
};
const kobo = (params: Params, key: string): number => Number(params[key] ?? 0);
/** `NGN 12,500.00`: the SMS spelling of an amount, which keeps the message in the 7-bit alphabet. */
const smsNaira = (amount: number) => formatNaira(amount).replace('₦', 'NGN ');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A wait as a person says it: "45 minutes", "5 hours 5 minutes", "3 days" (never "305 minutes"). */
export function waitedFor(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return plural(whole, 'minute', 'minutes');
  if (whole < 48 * 60) {
    const hours = Math.floor(whole / 60);
    const rest = whole % 60;
    return rest === 0
      ? plural(hours, 'hour', 'hours')
      : `${plural(hours, 'hour', 'hours')} ${plural(rest, 'minute', 'minutes')}`;
  }
  return plural(Math.floor(whole / (24 * 60)), 'day', 'days');
}

/** The screen of an order for each kind of account that sees orders. */
function orderLink(account: AccountKind, orderId: string): string {
  switch (account) {
    case 'merchant':
      return `/merchant/orders/${orderId}`;
    case 'admin':
      return `/admin/orders/${orderId}`;
    case 'partner':
      return `/shipping-partner/orders/${orderId}`;
    case 'customer':
      return `/account/orders/${orderId}`;
  }
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
 */
function wordsOf(kind: NotificationKind, account: AccountKind, params: Params): Words {
  const order = text(params, 'orderNumber', 'your order');
  const orderId = text(params, 'orderId');
  const store = text(params, 'storeName', 'the store');
  const reason = text(params, 'reason');
  const because = reason ? ` Reason: ${reason}` : '';
  switch (kind) {
    case 'order.paid': {
      const amount = formatNaira(kobo(params, 'amountKobo'));
      const items = plural(Number(params.itemCount ?? 1), 'item', 'items');
      return {
        title: `New order ${order}`,
        body: `${amount} paid for ${items}. Accept the order and get it ready for pickup.`,
        link: orderLink(account, orderId),
        sms: `New paid order ${order}: ${items}, ${smsNaira(kobo(params, 'amountKobo'))}. Accept it in your Naija Market dashboard.`,
      };
    }
    case 'order.cancelled':
      return {
        title: `Order ${order} was cancelled`,
        body: `Do not ship it. Any stock it held is back on sale.${because}`,
        link: orderLink(account, orderId),
        sms: `Order ${order} was cancelled. Do not ship it.`,
      };
    case 'return.requested':
      return {
        title: `Return requested on ${order}`,
        body: `${plural(Number(params.quantity ?? 1), 'unit', 'units')} of ${text(params, 'productName', 'an item')}. Approve or reject it with a reason.${because}`,
        link: `/merchant/returns/${text(params, 'returnId')}`,
        sms: `A return was requested on order ${order}. Decide it in your dashboard.`,
      };
    case 'dispute.opened':
      return {
        title: `Return on ${order} is in dispute`,
        body:
          account === 'admin'
            ? 'The customer disputed the store’s decision. Review both sides and decide.'
            : 'The customer disputed your decision. An admin will decide; add anything they should see.',
        link:
          account === 'admin'
            ? `/admin/returns/${text(params, 'returnId')}`
            : `/merchant/returns/${text(params, 'returnId')}`,
        sms: `The return on order ${order} went to dispute.`,
      };
    case 'dispute.decided':
      return {
        title: `Dispute on ${order} decided`,
        body: `An admin decided: ${text(params, 'outcome', 'see the return')}.${because}`,
        link: `/merchant/returns/${text(params, 'returnId')}`,
        sms: `The dispute on order ${order} was decided: ${text(params, 'outcome')}.`,
      };
    case 'payout.paid':
      return {
        title: `Payout of ${formatNaira(kobo(params, 'amountKobo'))} sent`,
        body: `It was sent to your bank account ${text(params, 'accountEnding')}. Reference ${text(params, 'reference')}.`,
        link: '/merchant/payouts',
        sms: `Naija Market sent your payout of ${smsNaira(kobo(params, 'amountKobo'))}. Ref ${text(params, 'reference')}.`,
      };
    case 'payout.failed':
      return {
        title: `Payout of ${formatNaira(kobo(params, 'amountKobo'))} failed`,
        body: `The money is payable again and will go in the next payout. Check your bank account details.${because}`,
        link: '/merchant/payouts',
        sms: `Your payout of ${smsNaira(kobo(params, 'amountKobo'))} failed. Check your bank details in your dashboard.`,
      };
    case 'stock.low': {
      const left = Number(params.stock ?? 0);
      if (left <= 0)
        return {
          title: `${text(params, 'productName', 'A product')} is sold out`,
          body: 'No units are left. Restock it to sell it again.',
          link: '/merchant/products/low-stock',
          sms: `${text(params, 'productName')} is sold out. Restock it to sell it again.`,
        };
      return {
        title: `${text(params, 'productName', 'A product')} is running low`,
        body: `${plural(left, 'unit is', 'units are')} left. Restock it before it sells out.`,
        link: '/merchant/products/low-stock',
        sms: `${text(params, 'productName')} is running low: ${left} left.`,
      };
    }
    case 'review.new':
      return {
        title: `New ${Number(params.rating ?? 0)}-star review`,
        body: `${text(params, 'subject', 'Your store')} has a new review. Reply to it if you can help.`,
        link: '/merchant/reviews',
        sms: `Your store has a new ${Number(params.rating ?? 0)}-star review.`,
      };
    case 'product.decided': {
      const approved = params.decision === 'approved';
      return {
        title: `${text(params, 'productName', 'Your product')} was ${approved ? 'approved' : 'rejected'}`,
        body: approved ? 'It is now on sale.' : `Change it and send it again.${because}`,
        link: `/merchant/products/${text(params, 'productId')}/edit`,
        sms: `${text(params, 'productName')} was ${approved ? 'approved and is on sale' : 'rejected'}.`,
      };
    }
    case 'store.approved':
      return {
        title: `${store} is approved`,
        body: 'Customers can now find your store and buy from it.',
        link: '/merchant',
        sms: `${store} is approved on Naija Market. Customers can now buy from you.`,
      };
    case 'assignment.new':
      return {
        title: `Order ${order} is assigned to you`,
        body: `Pick it up from ${store}${params.city ? ` (${text(params, 'city')})` : ''}.`,
        link: orderLink(account, orderId),
        sms: `Order ${order} is assigned to you. Pick it up from ${store}.`,
      };
    case 'assignment.removed':
      return {
        title: `Order ${order} is no longer yours`,
        body: 'It was given to another carrier. Do not pick it up.',
        link: null,
        sms: `Order ${order} was taken off your list. Do not pick it up.`,
      };
    case 'token.reissued':
      return {
        title: `New delivery token for ${order}`,
        body: 'The customer has a new token. The old one no longer works.',
        link: orderLink(account, orderId),
        sms: `Order ${order} has a new delivery token. The old one no longer works.`,
      };
    case 'pickup.assigned':
      return {
        title: `Collect a return on ${order}`,
        body: `Collect the returned items from the customer in ${text(params, 'lga')}, ${text(params, 'state')}, and take them to ${store}. Ask for the customer's pickup token and take a photo.`,
        link: account === 'partner' ? '/shipping-partner/pickups' : '/admin/orders/pickups',
        sms: `Collect a return on order ${order} in ${text(params, 'lga')} and take it to ${store}. Ask for the pickup token.`,
      };
    case 'pickup.delivered':
      return {
        title: `Returned items on ${order} reached your store`,
        body: 'Check them and confirm you received them, then refund or replace.',
        link: `/merchant/returns/${text(params, 'returnId')}`,
        sms: `Returned items on order ${order} reached your store. Confirm receipt in your dashboard.`,
      };
    case 'pickup.scheduled':
      return {
        title: `${text(params, 'carrierName', 'A carrier')} will collect your return`,
        body: `Your pickup token is ${text(params, 'token')}. Give it to the carrier only when they take the items from order ${order}.`,
        link: orderLink('customer', orderId),
        sms: `Naija Market: ${text(params, 'carrierName', 'A carrier')} will collect your return on ${order}. Pickup token ${text(params, 'token')}. Give it only at handover.`,
      };
    case 'pickup.collected':
      return {
        title: `Your returned items on ${order} were collected`,
        body: `They are on their way to ${store}. The store will refund or replace once it receives them.`,
        link: orderLink('customer', orderId),
        sms: `Your returned items on order ${order} were collected and are going to ${store}.`,
      };
    case 'service-level.late': {
      const what = text(params, 'what', 'It');
      const hours = Number(params.limitHours ?? 0);
      const isReturn = text(params, 'kind') === 'return_awaiting_decision';
      return {
        title: `Order ${order} is late: ${what.toLowerCase()}`,
        body: `${what} for more than ${waitedFor(hours * 60)}, the limit for ${store}'s orders. ${isReturn ? 'Decide the return.' : 'Move it on or tell the customer why.'}`,
        link:
          isReturn && account === 'merchant'
            ? `/merchant/returns/${text(params, 'returnId')}`
            : orderLink(account, orderId),
        sms: `Order ${order} is past its ${hours} h limit: ${what.toLowerCase()}.`,
      };
    }
    case 'queue.waiting':
      return {
        title: `Order ${order} is waiting for a carrier`,
        body: reason
          ? `The carrier declined it. Assign another shipping partner or a dispatcher.${because}`
          : `It has waited ${waitedFor(Number(params.minutes ?? 0))}. Assign a shipping partner or a dispatcher.`,
        link: '/admin/orders',
        sms: `Order ${order} has waited for a carrier. Assign it.`,
      };
    case 'refund.failed':
      return account === 'customer'
        ? {
            title: `Your refund on ${order} did not go through`,
            body: `We are trying again and will tell you when the ${formatNaira(kobo(params, 'amountKobo'))} is sent.`,
            link: orderLink('customer', orderId),
            sms: `Your refund of ${smsNaira(kobo(params, 'amountKobo'))} on order ${order} did not go through. We are trying again.`,
          }
        : {
            title: `Refund on ${order} failed`,
            body: `${formatNaira(kobo(params, 'amountKobo'))} could not be refunded. Retry it or decide it with a reason.`,
            link: '/admin/returns/refunds',
            sms: `Refund on order ${order} failed. Retry or decide it.`,
          };
    case 'payout.needs-otp':
      return {
        title: `Payout to ${store} needs its OTP`,
        body: `Paystack sent an OTP for the ${formatNaira(kobo(params, 'amountKobo'))} transfer. Enter it on the payouts screen.`,
        link: '/admin/payouts',
        sms: `The payout to ${store} (${smsNaira(kobo(params, 'amountKobo'))}) needs its OTP.`,
      };
    case 'approval.waiting':
      // A store's product submissions come as one digest per interval, named by the store (issue 31).
      if (params.what === 'products')
        return {
          title: `${text(params, 'subject', 'A store')} has products waiting for approval`,
          body: 'Review them and approve or reject each.',
          link: '/admin/approvals',
          sms: `${text(params, 'subject', 'A store')} has products waiting for approval.`,
        };
      return {
        title: `${text(params, 'subject', 'Something')} is waiting for approval`,
        body: 'Review it and approve or reject it.',
        link: params.what === 'store' ? '/admin/approvals/stores' : '/admin/approvals',
        sms: `${text(params, 'subject')} is waiting for approval.`,
      };
    case 'admin.digest': {
      // Each part only for an admin whose permissions cover it (a null count is a part they do not see).
      const parts = [
        params.stores === null || params.stores === undefined
          ? null
          : plural(Number(params.stores), 'store', 'stores'),
        params.products === null || params.products === undefined
          ? null
          : plural(Number(params.products), 'product', 'products'),
      ].filter((part): part is string => part !== null);
      const lines = [
        parts.length ? `Waiting for approval: ${parts.join(' and ')}.` : null,
        params.orders === null || params.orders === undefined
          ? null
          : `Waiting for a carrier: ${plural(Number(params.orders), 'order', 'orders')}.`,
        params.refunds === null || params.refunds === undefined
          ? null
          : `Failed refunds to decide: ${Number(params.refunds)}.`,
      ].filter((line): line is string => line !== null);
      return {
        title: `Your daily digest for ${text(params, 'day')}`,
        body: lines.join(' ') || 'Nothing is waiting for you.',
        link: '/admin',
        sms: `Naija Market digest: ${lines.join(' ') || 'nothing waiting.'}`,
      };
    }
    case 'contact.message':
      return {
        title: `Message from ${text(params, 'name', 'a visitor')}`,
        body: text(params, 'subject'),
        link: '/admin/contact',
        sms: `New contact message: ${text(params, 'subject')}`,
      };
    case 'order.receipt': {
      const amount = formatNaira(kobo(params, 'amountKobo'));
      return {
        title: `Payment received for ${order}`,
        body: `We received ${amount}. ${store} will confirm your order soon.`,
        link: orderLink('customer', orderId),
        sms: `We received ${smsNaira(kobo(params, 'amountKobo'))} for order ${order}. Thank you for shopping on Naija Market.`,
      };
    }
    case 'order.accepted':
      return {
        title: `${store} accepted ${order}`,
        body: 'Your order is being prepared for delivery.',
        link: orderLink('customer', orderId),
        sms: `${store} accepted your order ${order}.`,
      };
    case 'order.out-for-delivery': {
      const token = text(params, 'token');
      return {
        title: `${order} is on its way`,
        // The token travels by SMS only: the app shows it on the order page, and mail is not for secrets.
        body: 'Your delivery token is on your order page. Give it to the carrier when the parcel reaches you, and not before.',
        link: orderLink('customer', orderId),
        sms: `${
          token
            ? `Order ${order} is out for delivery. Your delivery token is ${token}. Give it only when you receive the parcel.`
            : `Order ${order} is out for delivery.`
        }`,
      };
    }
    case 'order.delivered':
      return {
        title: `${order} was delivered`,
        body: `Enjoy it. You can return items within ${plural(Number(params.returnDays ?? 7), 'day', 'days')} if something is wrong.`,
        link: orderLink('customer', orderId),
        sms: `Order ${order} was delivered. Thank you for shopping on Naija Market.`,
      };
    case 'order.delivery-failed':
      return {
        title: `We could not deliver ${order}`,
        body: `The carrier will try again or contact you.${because}`,
        link: orderLink('customer', orderId),
        sms: `We could not deliver order ${order}. The carrier will try again or contact you.`,
      };
    case 'order.cancelled-customer':
      return {
        title: `${order} was cancelled`,
        body: `${params.refundKobo ? `${formatNaira(kobo(params, 'refundKobo'))} is being refunded to you.` : 'You were not charged for it.'}${because}`,
        link: orderLink('customer', orderId),
        sms: `Order ${order} was cancelled.${params.refundKobo ? ` ${smsNaira(kobo(params, 'refundKobo'))} is being refunded.` : ''}`,
      };
    case 'refund.paid':
      return {
        title: `${formatNaira(kobo(params, 'amountKobo'))} refunded on ${order}`,
        body: 'Your bank may take a few working days to show it.',
        link: orderLink('customer', orderId),
        sms: `Naija Market refunded ${smsNaira(kobo(params, 'amountKobo'))} on order ${order}. Your bank may take a few days to show it.`,
      };
    case 'wishlist.price-drop': {
      const name = text(params, 'productName', 'A product you saved');
      return {
        title: `${name} is now ${formatNaira(kobo(params, 'priceKobo'))}`,
        body: `It was ${formatNaira(kobo(params, 'wasKobo'))} when you saved it. It is in your wishlist.`,
        link: `/products/${text(params, 'productId')}`,
        sms: `${name} on your Naija Market wishlist is now ${smsNaira(kobo(params, 'priceKobo'))} (was ${smsNaira(kobo(params, 'wasKobo'))}).`,
      };
    }
    case 'wishlist.back-in-stock': {
      const name = text(params, 'productName', 'A product you saved');
      return {
        title: `${name} is back in stock`,
        body: `It costs ${formatNaira(kobo(params, 'priceKobo'))}. It is in your wishlist.`,
        link: `/products/${text(params, 'productId')}`,
        sms: `${name} on your Naija Market wishlist is back in stock.`,
      };
    }
    case 'return.decided':
      return {
        title: `Your return on ${order} was ${text(params, 'decision', 'decided')}`,
        body: `${text(params, 'next', 'See your order for what happens next.')}${because}`,
        link: orderLink('customer', orderId),
        sms: `Your return on order ${order} was ${text(params, 'decision', 'decided')}.`,
      };
  }
}
