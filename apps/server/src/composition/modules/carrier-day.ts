import { createCarrierDayModule } from '../../modules/carrier-day/index.js';
import { carriedOpenOrders } from '../../modules/orders/index.js';
import { carriedOpenPickups } from '../../modules/returns/index.js';
import { findStoreShippingPlaces } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';
import { fulfilmentChain, orders } from './orders.js';

export const carrierDay = defineModule('carrier day', ({ deps, use }) =>
  createCarrierDayModule(deps, {
    openOrders: carriedOpenOrders,
    openPickups: carriedOpenPickups,
    findOrder: use(orders).service.findOrder,
    // Where the carrier meets the store, as the partner's order view names it (fulfilment chain's storePickup): where
    // it ships from (its city stands in for the LGA), else its onboarding pickup place; and the store's phone.
    async storePlace(executor, storeId) {
      const [places, pickup] = await Promise.all([
        findStoreShippingPlaces(executor, storeId),
        use(fulfilmentChain).storePickup(executor, storeId),
      ]);
      const shipping = places?.shippingLocation;
      const onboarding = places?.pickupLocation;
      return {
        phoneNumber: pickup.phoneNumber,
        state: shipping?.state ?? onboarding?.state ?? 'State not given',
        lga: shipping?.city ?? onboarding?.lga ?? 'Area not given',
        address: shipping?.street ?? onboarding?.street ?? pickup.address,
      };
    },
  }),
);
