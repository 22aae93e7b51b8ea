import { payOnDeliveryEndpoints } from '@market/contracts';
import type { CartService } from '../modules/cart/index.js';
import type { LedgerService } from '../modules/ledger/index.js';
import type { OrderRow, OrdersService, PayOnDeliverySteps } from '../modules/orders/index.js';
import type { PayOnDeliveryService } from '../modules/pay-on-delivery/index.js';
import type { Db } from '../platform/db/client.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';

// Flow: pay on delivery (ADR 074). The carrier's cash at the door is booked by the ledger like a card payment, with
// the carrier's own account in place of the provider's clearing account; a confirmed remittance moves it to the
// platform and releases the completed orders it pays for. Each step runs in the transaction of its fact, which the
// caller (the order-fulfilment flow) or this flow owns.
//
// Cash at the door (a move to delivered of an order paid at the door, in the order-fulfilment flow's transaction):
//   1. collect   payOnDelivery.collect: the collection (carrier, method, amount, fee).
//   2. book      orders.findOrder, ledger.bookPayments as paid now (the day the roll-ups count it on is the day the
//                cash was taken), with the carrier's account and the fee: the carrier holds the cash.
//
// A remittance confirmed (the admin: POST /pay-on-delivery/admin/remittances/{id}/confirm), one transaction:
//   1. confirm   payOnDelivery.confirm: the remittance locked and confirmed, its collections remitted.
//   2. book      ledger.bookRemittance: the carrier's cash to the platform.
//   3. release   orders.findOrders, ledger.releaseManyToPayable of the completed or returned ones: completed while
//                the cash was still with the carrier, payable now that it is in (the order-money flow left them in
//                escrow; orders still inside their return window are released when they complete). A fixed number
//                of statements whatever the number of orders (ADR 080).
//
// The checkout page's options (GET /pay-on-delivery/options): cart.price for the address, then
// payOnDelivery.options: each store of the cart, whether it may be paid at the door.

export interface PayOnDeliveryParts {
  db: Db;
  now: () => Date;
  pod: Pick<PayOnDeliveryService, 'collect' | 'refused' | 'options' | 'confirm'>;
  ledger: Pick<LedgerService, 'bookPayments' | 'bookRemittance' | 'releaseManyToPayable'>;
  orders: Pick<OrdersService, 'findOrder' | 'findOrders'>;
  cart: Pick<CartService, 'price'>;
}

type Collection = Parameters<PayOnDeliverySteps['collect']>[2];

/** Cash at the door, in the move's transaction: the collection, then its books. */
async function collect(parts: PayOnDeliveryParts, tx: Db, order: OrderRow, collection: Collection) {
  await parts.pod.collect(tx, order, collection);
  const booked = await parts.orders.findOrder(tx, order.id);
  if (!booked) throw new Error(`Order ${order.id} vanished while its cash was booked`);
  await parts.ledger.bookPayments(tx, [{ ...booked, paidAt: parts.now() }], {
    carrierId: collection.carrier.id,
    feeKobo: order.podFeeKobo,
  });
}

/** A remittance confirmed, in one transaction: confirmed, booked, and the completed orders it pays for released. */
async function confirmRemittance(parts: PayOnDeliveryParts, id: string, adminId: string, note?: string) {
  return parts.db.transaction(async (tx) => {
    const confirmed = await parts.pod.confirm(tx, id, adminId, note);
    await parts.ledger.bookRemittance(tx, confirmed.booked);
    const orders = await parts.orders.findOrders(tx, confirmed.orderIds);
    await parts.ledger.releaseManyToPayable(
      tx,
      orders.flatMap((order) =>
        order.status === 'completed' || order.status === 'returned' ? [{ ...order, why: order.status }] : [],
      ),
    );
    return confirmed.remittance;
  });
}

/** The checkout page's options: the customer's cart priced for the address, each store allowed or not. */
async function options(parts: PayOnDeliveryParts, customerId: string, addressId: string | undefined) {
  const pricing = await parts.cart.price(parts.db, customerId, { addressId });
  return parts.pod.options(customerId, {
    state: pricing.address?.stateOrRegion ?? null,
    stores: pricing.stores.map((store) => ({
      storeId: store.storeId,
      storeName: store.storeName,
      totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
    })),
  });
}

/** Wires the flow: its routes, and the steps the order-fulfilment flow calls at the door. */
export function createPayOnDelivery(parts: PayOnDeliveryParts): {
  service: PayOnDeliverySteps;
  routes: RouteDefinition[];
} {
  const routes: RouteDefinition[] = [
    route(payOnDeliveryEndpoints.options, async ({ auth, query }) => ({
      message: 'Pay-on-delivery options',
      data: await options(parts, auth.userId, query.addressId),
    })),
    route(payOnDeliveryEndpoints.confirm, async ({ auth, params, body }) => ({
      message: 'Remittance confirmed',
      data: await confirmRemittance(parts, params.id, auth.userId, body.note),
    })),
  ];
  return {
    service: {
      collect: (tx, order, collection) => collect(parts, tx, order, collection),
      refused: (tx, order) => parts.pod.refused(tx, order),
    },
    routes,
  };
}
