import {
  shippingApiEndpoints,
  shippingFeeEndpoints,
  shippingPricingEndpoints,
  shippingZoneEndpoints,
  vehicleEndpoints,
} from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { ShippingService } from './shipping.service.js';

export function shippingRoutes(shipping: ShippingService): RouteDefinition[] {
  return [
    route(shippingZoneEndpoints.list, async () => ({
      message: 'Shipping zones',
      data: await shipping.listZones(),
    })),
    route(shippingZoneEndpoints.create, async ({ body }) => ({
      message: 'Shipping zone created',
      data: await shipping.createZone(body),
    })),
    route(shippingZoneEndpoints.update, async ({ params, body }) => ({
      message: 'Shipping zone updated',
      data: await shipping.updateZone(params.id, body),
    })),
    route(shippingZoneEndpoints.remove, async ({ params }) => {
      await shipping.deleteZone(params.id);
      return { message: 'Shipping zone deleted' };
    }),

    route(shippingPricingEndpoints.get, async () => ({
      message: 'Shipping prices',
      data: await shipping.getPricing(),
    })),
    route(shippingPricingEndpoints.replace, async ({ body }) => ({
      message: 'Shipping prices saved',
      data: await shipping.replacePricing(body),
    })),

    route(vehicleEndpoints.list, async () => ({ message: 'Vehicles', data: await shipping.listVehicles() })),
    route(vehicleEndpoints.get, async ({ params }) => ({
      message: 'Vehicle',
      data: await shipping.getVehicle(params.id),
    })),
    route(vehicleEndpoints.update, async ({ params, body }) => ({
      message: 'Vehicle updated',
      data: await shipping.updateVehicle(params.id, body),
    })),

    route(shippingFeeEndpoints.calculate, async ({ auth, query }) => ({
      message: 'Shipping fee',
      data: await shipping.calculate(auth.userId, query),
    })),

    route(shippingApiEndpoints.locations, async ({ reply }) => {
      // The same for every caller and changed only by admins: shared caches may keep it briefly.
      reply.header('cache-control', 'public, max-age=60');
      return { message: 'Shipping locations', data: await shipping.locations() };
    }),
  ];
}
