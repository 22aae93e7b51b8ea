import { formatNaira, type NotificationKind } from '@market/contracts';
import { kobo, orderLink, plural, type Say, smsNaira, text } from './notifications.words.js';

/** What a customer is told: their order from payment to delivery, refunds, returns, their wishlist. */
export const customerWordings = {
  'pickup.scheduled': ({ params, order, orderId }) => {
    return {
      title: `${text(params, 'carrierName', 'A carrier')} will collect your return`,
      body: `Your pickup token is ${text(params, 'token')}. Give it to the carrier only when they take the items from order ${order}.`,
      link: orderLink('customer', orderId),
      sms: `Naija Market: ${text(params, 'carrierName', 'A carrier')} will collect your return on ${order}. Pickup token ${text(params, 'token')}. Give it only at handover.`,
    };
  },
  'pickup.collected': ({ order, orderId, store }) => {
    return {
      title: `Your returned items on ${order} were collected`,
      body: `They are on their way to ${store}. The store will refund or replace once it receives them.`,
      link: orderLink('customer', orderId),
      sms: `Your returned items on order ${order} were collected and are going to ${store}.`,
    };
  },
  'order.receipt': ({ params, order, orderId, store }) => {
    const amount = formatNaira(kobo(params, 'amountKobo'));
    return {
      title: `Payment received for ${order}`,
      body: `We received ${amount}. ${store} will confirm your order soon.`,
      link: orderLink('customer', orderId),
      sms: `We received ${smsNaira(kobo(params, 'amountKobo'))} for order ${order}. Thank you for shopping on Naija Market.`,
    };
  },
  'order.accepted': ({ order, orderId, store }) => {
    return {
      title: `${store} accepted ${order}`,
      body: 'Your order is being prepared for delivery.',
      link: orderLink('customer', orderId),
      sms: `${store} accepted your order ${order}.`,
    };
  },
  'order.out-for-delivery': ({ params, order, orderId }) => {
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
  },
  'order.delivered': ({ params, order, orderId }) => {
    return {
      title: `${order} was delivered`,
      body: `Enjoy it. You can return items within ${plural(Number(params.returnDays ?? 7), 'day', 'days')} if something is wrong.`,
      link: orderLink('customer', orderId),
      sms: `Order ${order} was delivered. Thank you for shopping on Naija Market.`,
    };
  },
  'order.delivery-failed': ({ order, orderId, because }) => {
    return {
      title: `We could not deliver ${order}`,
      body: `The carrier will try again or contact you.${because}`,
      link: orderLink('customer', orderId),
      sms: `We could not deliver order ${order}. The carrier will try again or contact you.`,
    };
  },
  'order.cancelled-customer': ({ params, order, orderId, because }) => {
    return {
      title: `${order} was cancelled`,
      body: `${params.refundKobo ? `${formatNaira(kobo(params, 'refundKobo'))} is being refunded to you.` : 'You were not charged for it.'}${because}`,
      link: orderLink('customer', orderId),
      sms: `Order ${order} was cancelled.${params.refundKobo ? ` ${smsNaira(kobo(params, 'refundKobo'))} is being refunded.` : ''}`,
    };
  },
  'refund.paid': ({ params, order, orderId }) => {
    return {
      title: `${formatNaira(kobo(params, 'amountKobo'))} refunded on ${order}`,
      body: 'Your bank may take a few working days to show it.',
      link: orderLink('customer', orderId),
      sms: `Naija Market refunded ${smsNaira(kobo(params, 'amountKobo'))} on order ${order}. Your bank may take a few days to show it.`,
    };
  },
  'wishlist.price-drop': ({ params }) => {
    const name = text(params, 'productName', 'A product you saved');
    return {
      title: `${name} is now ${formatNaira(kobo(params, 'priceKobo'))}`,
      body: `It was ${formatNaira(kobo(params, 'wasKobo'))} when you saved it. It is in your wishlist.`,
      link: `/products/${text(params, 'productId')}`,
      sms: `${name} on your Naija Market wishlist is now ${smsNaira(kobo(params, 'priceKobo'))} (was ${smsNaira(kobo(params, 'wasKobo'))}).`,
    };
  },
  'wishlist.back-in-stock': ({ params }) => {
    const name = text(params, 'productName', 'A product you saved');
    return {
      title: `${name} is back in stock`,
      body: `It costs ${formatNaira(kobo(params, 'priceKobo'))}. It is in your wishlist.`,
      link: `/products/${text(params, 'productId')}`,
      sms: `${name} on your Naija Market wishlist is back in stock.`,
    };
  },
  'return.decided': ({ params, order, orderId, because }) => {
    return {
      title: `Your return on ${order} was ${text(params, 'decision', 'decided')}`,
      body: `${text(params, 'next', 'See your order for what happens next.')}${because}`,
      link: orderLink('customer', orderId),
      sms: `Your return on order ${order} was ${text(params, 'decision', 'decided')}.`,
    };
  },
} satisfies Partial<Record<NotificationKind, Say>>;
