import { formatNaira, type NotificationKind } from '@market/contracts';
import { kobo, orderLink, plural, type Say, smsNaira, text, waitedFor } from './notifications.words.js';

/** What carriers and admins are told: assignments, pickups, late orders, the queue, refunds, approvals. */
export const operationsWordings = {
  'assignment.new': ({ params, account, order, orderId, store }) => {
    return {
      title: `Order ${order} is assigned to you`,
      body: `Pick it up from ${store}${params.city ? ` (${text(params, 'city')})` : ''}.`,
      link: orderLink(account, orderId),
      sms: `Order ${order} is assigned to you. Pick it up from ${store}.`,
    };
  },
  'assignment.removed': ({ order }) => {
    return {
      title: `Order ${order} is no longer yours`,
      body: 'It was given to another carrier. Do not pick it up.',
      link: null,
      sms: `Order ${order} was taken off your list. Do not pick it up.`,
    };
  },
  'token.reissued': ({ account, order, orderId }) => {
    return {
      title: `New delivery token for ${order}`,
      body: 'The customer has a new token. The old one no longer works.',
      link: orderLink(account, orderId),
      sms: `Order ${order} has a new delivery token. The old one no longer works.`,
    };
  },
  'pickup.assigned': ({ params, account, order, store }) => {
    return {
      title: `Collect a return on ${order}`,
      body: `Collect the returned items from the customer in ${text(params, 'lga')}, ${text(params, 'state')}, and take them to ${store}. Ask for the customer's pickup token and take a photo.`,
      link: account === 'partner' ? '/shipping-partner/pickups' : '/admin/orders/pickups',
      sms: `Collect a return on order ${order} in ${text(params, 'lga')} and take it to ${store}. Ask for the pickup token.`,
    };
  },
  'service-level.late': ({ params, account, order, orderId, store }) => {
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
  },
  'queue.waiting': ({ params, order, reason, because }) => {
    return {
      title: `Order ${order} is waiting for a carrier`,
      body: reason
        ? `The carrier declined it. Assign another shipping partner or a dispatcher.${because}`
        : `It has waited ${waitedFor(Number(params.minutes ?? 0))}. Assign a shipping partner or a dispatcher.`,
      link: '/admin/orders',
      sms: `Order ${order} has waited for a carrier. Assign it.`,
    };
  },
  'refund.failed': ({ params, account, order, orderId }) => {
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
  },
  'payout.needs-otp': ({ params, store }) => {
    return {
      title: `Payout to ${store} needs its OTP`,
      body: `Paystack sent an OTP for the ${formatNaira(kobo(params, 'amountKobo'))} transfer. Enter it on the payouts screen.`,
      link: '/admin/payouts',
      sms: `The payout to ${store} (${smsNaira(kobo(params, 'amountKobo'))}) needs its OTP.`,
    };
  },
  'approval.waiting': ({ params }) => {
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
  },
  'admin.digest': ({ params }) => {
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
  },
  'contact.message': ({ params }) => {
    return {
      title: `Message from ${text(params, 'name', 'a visitor')}`,
      body: text(params, 'subject'),
      link: '/admin/contact',
      sms: `New contact message: ${text(params, 'subject')}`,
    };
  },
} satisfies Partial<Record<NotificationKind, Say>>;
