import type { CartService } from '../modules/cart/index.js';
import type { LedgerService } from '../modules/ledger/index.js';
import type { OrdersService, PayOnDeliverySteps } from '../modules/orders/index.js';
import type { PayOnDeliveryNeeds, PayOnDeliveryService } from '../modules/pay-on-delivery/index.js';

// Flow: pay on delivery (ADR 074). The carrier's cash at the door is booked by the ledger like a card payment, with
// the carrier's own account in place of the provider's clearing account; a confirmed remittance moves it to the
// platform and releases the completed orders it pays for. Each step runs in the transaction of its fact.

/**
 * What the pay-on-delivery module needs of the others. The modules are handed as getters: the ledger and the cart
 * are built after the orders module, whose fulfilment chain calls pay on delivery.
 */
export function payOnDeliveryNeeds(parts: {
  ledger: () => Pick<
    LedgerService,
    'bookPayments' | 'bookRemittance' | 'releaseManyToPayable' | 'carrierCash' | 'podFeesKobo'
  >;
  orders: () => Pick<OrdersService, 'findOrder' | 'findOrders'>;
  cart: () => Pick<CartService, 'price'>;
  db: Parameters<CartService['price']>[0];
  now: () => Date;
}): PayOnDeliveryNeeds {
  return {
    async cartStores(customerId, addressId) {
      const pricing = await parts.cart().price(parts.db, customerId, { addressId });
      return {
        state: pricing.address?.stateOrRegion ?? null,
        stores: pricing.stores.map((store) => ({
          storeId: store.storeId,
          storeName: store.storeName,
          totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
        })),
      };
    },
    books: {
      async collected(executor, orderId, carrierId, feeKobo) {
        const order = await parts.orders().findOrder(executor, orderId);
        if (!order) throw new Error(`Order ${orderId} vanished while its cash was booked`);
        // Booked as paid now: the day the roll-ups count it on is the day the cash was taken.
        await parts
          .ledger()
          .bookPayments(executor, [{ ...order, paidAt: parts.now() }], { carrierId, feeKobo });
      },
      async remitted(executor, remittance, orderIds) {
        await parts.ledger().bookRemittance(executor, remittance);
        // Completed while the cash was still with the carrier: payable now that it is in (the order-money flow
        // left it in escrow). Orders still inside their return window are released when they complete.
        // In a fixed number of statements whatever the number of orders the remittance pays for (ADR 080).
        const orders = await parts.orders().findOrders(executor, orderIds);
        await parts.ledger().releaseManyToPayable(
          executor,
          orders.flatMap((order) =>
            order.status === 'completed' || order.status === 'returned'
              ? [{ ...order, why: order.status }]
              : [],
          ),
        );
      },
      carrierCash: (executor, carrierIds) => parts.ledger().carrierCash(executor, carrierIds),
      feesKobo: (executor) => parts.ledger().podFeesKobo(executor),
    },
  };
}

/** The fulfilment chain's steps of pay on delivery: the collection, a refusal, the carrier's cash limit. */
export function payOnDeliverySteps(
  pod: Pick<PayOnDeliveryService, 'collect' | 'refused' | 'carrierRefusal'>,
): PayOnDeliverySteps {
  return {
    collect: (executor, order, collection) => pod.collect(executor, order, collection),
    refused: (executor, order) => pod.refused(executor, order),
    carrierRefusal: (executor, carrierId) => pod.carrierRefusal(executor, carrierId),
  };
}
