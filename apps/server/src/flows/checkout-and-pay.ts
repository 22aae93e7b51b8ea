import { findUserById } from '../modules/auth/index.js';
import {
  recordSales,
  reserveStock,
  returnStock,
  type SalesFolder,
  salesPart,
} from '../modules/catalog/index.js';
import type { CheckoutPorts } from '../modules/checkout/index.js';
import type { CouponsService } from '../modules/coupons/index.js';
import { confirmHolds, holdBalances, releaseHolds } from '../modules/gift-cards/index.js';
import type { OrdersService } from '../modules/orders/index.js';

// Flow: checkout and pay (ADR 047). A checkout takes stock, coupons and gift cards, writes one order per store, and
// when the payment settles marks the orders paid: every step runs in the checkout's transaction, through the
// owning module's public functions. The money of the paid orders is booked by the order-money flow, in that same
// transaction (the orders module reports the payment; see order-money.ts).

export function checkoutAndPaySteps(parts: {
  cart: CheckoutPorts['cart'];
  orders: OrdersService;
  coupons: Pick<CouponsService, 'holdRedemptions' | 'releaseRedemptions' | 'recordRedemptions'>;
  salesFolder: SalesFolder;
}): CheckoutPorts {
  return {
    cart: parts.cart,
    orders: parts.orders,
    reserveStock,
    returnStock,
    // Units sold reach the products' and stores' counters after the payment commits (ADR 031).
    async recordSales(executor, lines) {
      await recordSales(executor, lines);
      parts.salesFolder.soon();
    },
    // The same, as one part of the payment's combined write (ADR 055).
    salesPart: (lines) => ({ ...salesPart(lines), after: () => parts.salesFolder.soon() }),
    findCustomer: findUserById,
    holdRedemptions: parts.coupons.holdRedemptions,
    releaseRedemptions: parts.coupons.releaseRedemptions,
    recordRedemptions: parts.coupons.recordRedemptions,
    holdGiftCards: holdBalances,
    releaseGiftCards: releaseHolds,
    confirmGiftCards: confirmHolds,
  };
}
