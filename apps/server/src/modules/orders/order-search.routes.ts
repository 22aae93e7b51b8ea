import { orderSearchEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { FulfilmentService } from './fulfilment.service.js';

export function orderSearchRoutes(fulfilment: FulfilmentService): RouteDefinition[] {
  return [
    route(orderSearchEndpoints.search, async ({ query }) => {
      const found = await fulfilment.searchOrders(query);
      return {
        message: `${found.orders.length} order${found.orders.length === 1 ? '' : 's'} found`,
        data: found,
      };
    }),
  ];
}
