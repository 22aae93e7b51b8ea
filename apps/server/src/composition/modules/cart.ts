import { storesWithoutSubaccount } from '../../flows/subaccount-settlement.js';
import { checkoutAddressesPart, defaultAddress, findCustomerAddress } from '../../modules/addresses/index.js';
import { createCartModule } from '../../modules/cart/index.js';
import { appliedCodesPart, candidateCouponsPart } from '../../modules/coupons/index.js';
import { appliedGiftCards, appliedGiftCardsPart } from '../../modules/gift-cards/index.js';
import { quoteShipment, storeOrigins } from '../../modules/shipping/index.js';
import { defineModule } from '../registry.js';
import { coupons } from './coupons.js';
import { rateCards } from './shipping.js';

// The cart prices through these modules' functions; checkout adds stock, customers, coupons' and gift cards'
// books, and the orders module, which writes every order.
export const cart = defineModule('cart', ({ deps, use }) =>
  createCartModule(deps, {
    findAddress: findCustomerAddress,
    defaultAddress,
    storeOrigins,
    quoteShipment: (executor, input) => quoteShipment(executor, input, use(rateCards)),
    appliedCouponCodes: use(coupons).service.appliedCodes,
    evaluateCoupons: use(coupons).service.evaluateCoupons,
    appliedGiftCards,
    // The same reads as parts of the cart's one read (ADR 087).
    readParts: {
      addresses: checkoutAddressesPart,
      appliedCouponCodes: appliedCodesPart,
      couponCandidates: candidateCouponsPart,
      appliedGiftCards: appliedGiftCardsPart,
    },
    ...(deps.config.settlementMode === 'subaccount'
      ? { storesWithoutSettlement: storesWithoutSubaccount }
      : {}),
  }),
);
