import { payOnDeliveryEndpoints } from '@market/contracts';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { PayOnDeliveryService } from './pay-on-delivery.service.js';

/** Pay on delivery's own routes; the checkout page's options and a remittance's confirmation are the flow's. */
export function payOnDeliveryRoutes(pod: PayOnDeliveryService): RouteDefinition[] {
  return [
    route(payOnDeliveryEndpoints.settings, async () => ({
      message: 'Pay-on-delivery rules',
      data: await pod.settings(),
    })),
    route(payOnDeliveryEndpoints.saveSettings, async ({ auth, body }) => ({
      message: 'Pay-on-delivery rules saved',
      data: await pod.saveSettings(body, auth.userId),
    })),
    route(payOnDeliveryEndpoints.storeSetting, async ({ auth }) => ({
      message: 'Pay on delivery for your store',
      data: await pod.storeSetting(requireStoreId(auth)),
    })),
    route(payOnDeliveryEndpoints.saveStoreSetting, async ({ auth, body }) => ({
      message: body.enabled
        ? 'Your store now takes payment at the door'
        : 'Your store no longer takes payment at the door',
      data: await pod.saveStoreSetting(requireStoreId(auth), body.enabled, auth.userId),
    })),
    // The carrier is the caller: a shipping partner's account or a platform dispatcher's.
    route(payOnDeliveryEndpoints.carrierCash, async ({ auth }) => ({
      message: 'Your cash held',
      data: await pod.carrierCash(auth.userId),
    })),
    route(payOnDeliveryEndpoints.remit, async ({ auth, body }) => ({
      message: 'Remittance recorded; an admin confirms it when the money is in',
      data: await pod.remit(auth.userId, body),
    })),
    route(payOnDeliveryEndpoints.overview, async () => ({
      message: 'Carriers’ cash',
      data: await pod.overview(),
    })),
    route(payOnDeliveryEndpoints.remittances, async ({ query }) => ({
      message: 'Remittances',
      data: await pod.remittances(query.status),
    })),
    route(payOnDeliveryEndpoints.reject, async ({ auth, params, body }) => ({
      message: 'Remittance rejected; its collections are held by the carrier again',
      data: await pod.reject(params.id, auth.userId, body.note),
    })),
  ];
}
