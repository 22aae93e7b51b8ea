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
    route(customerOrderEndpoints.receipt, async ({ auth, params, reply }) => {
      const pdf = await orders.receiptForCustomer(auth.userId, params.id);
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    }),
    route(customerOrderEndpoints.statuses, async () => ({
      message: 'Order statuses',
      data: orders.statuses(),
    })),
  ];
}
