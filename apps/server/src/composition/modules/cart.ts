import { storesWithoutSubaccount } from '../../flows/subaccount-settlement.js';
import { createCartModule } from '../../modules/cart/index.js';
import { quoteShipment } from '../../modules/shipping/index.js';
import { defineModule } from '../registry.js';
import { rateCards } from './shipping.js';

// The cart prices with the rate cards this process caches and, in subaccount mode, whether Paystack can settle to
// each store; the rest it reads through the owners' index.
export const cart = defineModule('cart', ({ deps, use }) =>
  createCartModule(deps, {
    quoteShipment: (executor, input) => quoteShipment(executor, input, use(rateCards)),
    // In transfer mode the platform pays every store itself: none is refused for want of a subaccount.
    storesWithoutSettlement:
      deps.config.settlementMode === 'subaccount' ? storesWithoutSubaccount : async () => [],
  }),
);
