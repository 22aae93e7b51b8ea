import { findUserById, listCarrierAccounts } from '../modules/auth/index.js';
import { returnStock } from '../modules/catalog/index.js';
import { activeHubName } from '../modules/hubs/index.js';
import { ledgerOrderFigures } from '../modules/ledger/index.js';
import type { FulfilmentNeeds } from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import { findStoreById, findStoreShippingPlaces } from '../modules/stores/index.js';
import { refundSteps } from './return-and-refund.js';

// What the orders module's fulfilment chain reads of the others (ADR 047): the customer, the store's pickup place
// and hub, the carriers, stock given back, an order's money as the books say it, and the refund steps.

export function fulfilmentSteps(
  payments: Pick<PaymentsService, 'reserveRefund' | 'sendRefund' | 'releaseRefund'>,
): FulfilmentNeeds {
  return {
    findCustomer: findUserById,
    returnStock,
    ...refundSteps(payments),
    async storePickup(executor, storeId) {
      const [store, places] = await Promise.all([
        findStoreById(executor, storeId),
        findStoreShippingPlaces(executor, storeId),
      ]);
      const location = places?.shippingLocation;
      const pickup = places?.pickupLocation;
      const address = location
        ? [location.street, location.city, location.state].filter(Boolean).join(', ')
        : pickup
          ? [pickup.street, pickup.lga, pickup.state].filter(Boolean).join(', ')
          : 'Ask the store for its pickup address';
      return { address, phoneNumber: store?.storePhoneNumber ?? null };
    },
    carriers: listCarrierAccounts,
    // The hub an order assigned to the platform hub goes to: the one the store named, while it is open.
    async storeHub(executor, storeId) {
      const hubId = (await findStoreById(executor, storeId))?.hubId;
      return hubId ? activeHubName(executor, hubId) : undefined;
    },
    // An order's commission, due and refunds as the books say them (ADR 046/047): a read of the ledger's entries.
    orderFigures: ledgerOrderFigures,
  };
}
