import { cartEndpoints, checkoutEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { CartService } from './cart.service.js';

export function cartRoutes(cart: CartService): RouteDefinition[] {
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
    // Checkout's preview is the cart priced for the address as checkout prices it: nothing of checkout's own.
    route(checkoutEndpoints.simulate, async ({ auth, body }) => ({
      message: 'Checkout priced',
      data: await cart.simulate(auth.userId, body.addressId),
    })),
  ];
}
