import { shippingAddressEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { AddressesService } from './addresses.service.js';

// Messages are the toasts of section 8, so the web app can show the server's message as it is.
export function addressesRoutes(addresses: AddressesService): RouteDefinition[] {
  return [
    route(shippingAddressEndpoints.list, async ({ auth }) => ({
      message: 'Shipping addresses',
      data: await addresses.list(auth.userId),
    })),
    route(shippingAddressEndpoints.add, async ({ auth, body }) => ({
      message: 'Shipping address added successfully',
      data: await addresses.add(auth.userId, body),
    })),
    route(shippingAddressEndpoints.update, async ({ auth, params, body }) => ({
      message: 'Shipping address updated successfully',
      data: await addresses.update(auth.userId, params.id, body),
    })),
    route(shippingAddressEndpoints.remove, async ({ auth, params }) => {
      await addresses.remove(auth.userId, params.id);
      return { message: 'Shipping address deleted successfully' };
    }),
    route(shippingAddressEndpoints.makeDefault, async ({ auth, params }) => ({
      message: 'Default shipping address updated',
      data: await addresses.makeDefault(auth.userId, params.id),
    })),
  ];
}
