import { cartEndpoints, checkoutEndpoints, customerOrderEndpoints, orderStatuses } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { CartService } from '../cart/cart.service.js';
import type { createOrdersService } from '../orders/orders.service.js';
import type { CheckoutService } from './checkout.service.js';

export function checkoutRoutes(
  cart: CartService,
  checkout: CheckoutService,
  orders: ReturnType<typeof createOrdersService>,
): RouteDefinition[] {
  return [
    route(cartEndpoints.get, async ({ auth }) => ({ message: 'Cart', data: await cart.state(auth.userId) })),
    route(cartEndpoints.add, async ({ auth, body }) => ({
      message: 'Cart updated',
      data: await cart.add(auth.userId, body),
    })),
    route(cartEndpoints.remove, async ({ auth, body }) => ({
      message: 'Removed from cart',
      data: await cart.remove(auth.userId, body),
    })),
    route(cartEndpoints.selectAddress, async ({ auth, body }) => ({
      message: 'Delivery address chosen',
      data: await cart.selectAddress(auth.userId, body.addressId),
    })),
    route(checkoutEndpoints.simulate, async ({ auth, body }) => ({
      message: 'Checkout priced',
      data: await checkout.simulate(auth.userId, body.addressId),
    })),
    route(checkoutEndpoints.create, async ({ auth, body }) => ({
      message: 'Order created. Complete the payment to place it.',
      data: await checkout.create(auth.userId, body),
    })),
    route(checkoutEndpoints.pay, async ({ auth, body }) => ({
      message: 'Payment started',
      data: await checkout.pay(auth.userId, body.trackerId),
    })),
    route(checkoutEndpoints.recordTransaction, async ({ auth, body }) => ({
      message: 'Transaction recorded',
      data: await checkout.recordTransaction(auth.userId, body.reference),
    })),
    route(checkoutEndpoints.tracker, async ({ auth, params }) => ({
      message: 'Checkout',
      data: await checkout.tracker(auth.userId, params.reference),
    })),
    route(customerOrderEndpoints.list, async ({ auth, query }) => ({
      message: 'Orders',
      data: await orders.listForCustomer(auth.userId, query),
    })),
    route(customerOrderEndpoints.one, async ({ auth, params }) => ({
      message: 'Order',
      data: await orders.oneForCustomer(auth.userId, params.id),
    })),
    route(customerOrderEndpoints.statuses, async () => ({
      message: 'Order statuses',
      data: orderStatuses.map((status, index) => ({ id: index + 1, ...status })),
    })),
  ];
}
