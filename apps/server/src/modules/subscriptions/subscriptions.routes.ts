import { planAdminEndpoints, planPublicEndpoints, subscriptionMerchantEndpoints } from '@market/contracts';
import { type RouteDefinition, route, storeActor } from '../../platform/http/routes.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export function subscriptionsRoutes(subscriptions: SubscriptionsService): RouteDefinition[] {
  return [
    route(planPublicEndpoints.list, async () => ({
      message: 'Plans',
      data: await subscriptions.plans(true),
    })),
    route(planAdminEndpoints.list, async () => ({
      message: 'Plans',
      data: await subscriptions.plans(false),
    })),
    route(planAdminEndpoints.create, async ({ body }) => ({
      message: 'Plan added',
      data: await subscriptions.createPlan(body),
    })),
    route(planAdminEndpoints.update, async ({ params, body }) => ({
      message: 'Plan updated',
      data: await subscriptions.updatePlan(params.id, body),
    })),

    route(subscriptionMerchantEndpoints.current, async ({ auth }) => ({
      message: 'Subscription',
      data: await subscriptions.current(storeActor(auth).storeId),
    })),
    route(subscriptionMerchantEndpoints.subscribe, async ({ auth, body }) => {
      const data = await subscriptions.subscribe(storeActor(auth), body.planId);
      return {
        message: data.authorizationUrl ? 'Invoice raised: pay to start the plan' : 'Plan started',
        data,
      };
    }),
    route(subscriptionMerchantEndpoints.update, async ({ auth, body }) => ({
      message: body.autoRenew ? 'Automatic renewal turned on' : 'Automatic renewal turned off',
      data: await subscriptions.setAutoRenew(storeActor(auth).storeId, body.autoRenew),
    })),
    route(subscriptionMerchantEndpoints.verify, async ({ auth, body }) => {
      const data = await subscriptions.verify(storeActor(auth), body.reference);
      return { message: data.status === 'paid' ? 'Payment received' : 'Payment not received yet', data };
    }),
    route(subscriptionMerchantEndpoints.invoices, async ({ auth }) => ({
      message: 'Invoices',
      data: await subscriptions.invoices(storeActor(auth).storeId),
    })),
  ];
}
