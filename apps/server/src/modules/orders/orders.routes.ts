import { customerOrderEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { OrdersService } from './orders.service.js';

export function ordersRoutes(orders: OrdersService): RouteDefinition[] {
  return [
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
      data: orders.statuses(),
    })),
  ];
}
