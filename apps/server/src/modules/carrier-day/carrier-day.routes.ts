import { carrierDayEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { CarrierDayService } from './carrier-day.service.js';

export function carrierDayRoutes(day: CarrierDayService): RouteDefinition[] {
  return [
    route(carrierDayEndpoints.get, async ({ auth }) => ({
      message: 'Your stops',
      data: await day.forCaller(auth),
    })),
  ];
}
