import { formatNaira, type NotificationKind } from '@market/contracts';
import { kobo, orderLink, plural, type Say, smsNaira, text } from './notifications.words.js';

/** What a store is told: its orders, returns, disputes, payouts, stock, reviews and approvals. */
export const storeWordings = {
  'order.paid': ({ params, account, order, orderId }) => {
    const amount = formatNaira(kobo(params, 'amountKobo'));
    const items = plural(Number(params.itemCount ?? 1), 'item', 'items');
    return {
      title: `New order ${order}`,
      body: `${amount} paid for ${items}. Accept the order and get it ready for pickup.`,
      link: orderLink(account, orderId),
      sms: `New paid order ${order}: ${items}, ${smsNaira(kobo(params, 'amountKobo'))}. Accept it in your Naija Market dashboard.`,
    };
  },
  'order.cancelled': ({ account, order, orderId, because }) => {
    return {
      title: `Order ${order} was cancelled`,
      body: `Do not ship it. Any stock it held is back on sale.${because}`,
      link: orderLink(account, orderId),
      sms: `Order ${order} was cancelled. Do not ship it.`,
    };
  },
  'return.requested': ({ params, order, because }) => {
    return {
      title: `Return requested on ${order}`,
      body: `${plural(Number(params.quantity ?? 1), 'unit', 'units')} of ${text(params, 'productName', 'an item')}. Approve or reject it with a reason.${because}`,
      link: `/merchant/returns/${text(params, 'returnId')}`,
      sms: `A return was requested on order ${order}. Decide it in your dashboard.`,
    };
  },
  'dispute.opened': ({ params, account, order }) => {
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
  },
  'dispute.decided': ({ params, order, because }) => {
    return {
      title: `Dispute on ${order} decided`,
      body: `An admin decided: ${text(params, 'outcome', 'see the return')}.${because}`,
      link: `/merchant/returns/${text(params, 'returnId')}`,
      sms: `The dispute on order ${order} was decided: ${text(params, 'outcome')}.`,
    };
  },
  'payout.paid': ({ params }) => {
    return {
      title: `Payout of ${formatNaira(kobo(params, 'amountKobo'))} sent`,
      body: `It was sent to your bank account ${text(params, 'accountEnding')}. Reference ${text(params, 'reference')}.`,
      link: '/merchant/payouts',
      sms: `Naija Market sent your payout of ${smsNaira(kobo(params, 'amountKobo'))}. Ref ${text(params, 'reference')}.`,
    };
  },
  'payout.failed': ({ params, because }) => {
    return {
      title: `Payout of ${formatNaira(kobo(params, 'amountKobo'))} failed`,
      body: `The money is payable again and will go in the next payout. Check your bank account details.${because}`,
      link: '/merchant/payouts',
      sms: `Your payout of ${smsNaira(kobo(params, 'amountKobo'))} failed. Check your bank details in your dashboard.`,
    };
  },
  'stock.low': ({ params }) => {
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
  },
  'review.new': ({ params }) => {
    return {
      title: `New ${Number(params.rating ?? 0)}-star review`,
      body: `${text(params, 'subject', 'Your store')} has a new review. Reply to it if you can help.`,
      link: '/merchant/reviews',
      sms: `Your store has a new ${Number(params.rating ?? 0)}-star review.`,
    };
  },
  'product.decided': ({ params, because }) => {
    const approved = params.decision === 'approved';
    return {
      title: `${text(params, 'productName', 'Your product')} was ${approved ? 'approved' : 'rejected'}`,
      body: approved ? 'It is now on sale.' : `Change it and send it again.${because}`,
      link: `/merchant/products/${text(params, 'productId')}/edit`,
      sms: `${text(params, 'productName')} was ${approved ? 'approved and is on sale' : 'rejected'}.`,
    };
  },
  'store.approved': ({ store }) => {
    return {
      title: `${store} is approved`,
      body: 'Customers can now find your store and buy from it.',
      link: '/merchant',
      sms: `${store} is approved on Naija Market. Customers can now buy from you.`,
    };
  },
  'pickup.delivered': ({ params, order }) => {
    return {
      title: `Returned items on ${order} reached your store`,
      body: 'Check them and confirm you received them, then refund or replace.',
      link: `/merchant/returns/${text(params, 'returnId')}`,
      sms: `Returned items on order ${order} reached your store. Confirm receipt in your dashboard.`,
    };
  },
} satisfies Partial<Record<NotificationKind, Say>>;
