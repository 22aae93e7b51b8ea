import { policyMerchantEndpoints, policyPublicEndpoints } from '@market/contracts';
import { type RouteDefinition, route, storeActor } from '../../platform/http/routes.js';
import type { PoliciesService } from './policies.service.js';

export function policiesRoutes(policies: PoliciesService): RouteDefinition[] {
  return [
    route(policyMerchantEndpoints.list, async ({ auth }) => ({
      message: 'Policies',
      data: await policies.list(storeActor(auth)),
    })),
    route(policyMerchantEndpoints.create, async ({ auth, body }) => ({
      message: 'Policy added',
      data: await policies.create(storeActor(auth), body),
    })),
    route(policyMerchantEndpoints.update, async ({ auth, params, body }) => ({
      message: 'Policy updated',
      data: await policies.update(storeActor(auth), params.id, body),
    })),
    route(policyMerchantEndpoints.remove, async ({ auth, params }) => {
      await policies.remove(storeActor(auth), params.id);
      return { message: 'Policy deleted' };
    }),
    route(policyPublicEndpoints.ofStore, async ({ params }) => ({
      message: 'Policies',
      data: await policies.ofPublicStore(params.storeId),
    })),
  ];
}
