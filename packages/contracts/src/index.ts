export * from './access.js';
export * from './addresses.js';
export * from './auth.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './common.js';
export * from './coupons.js';
export * from './endpoint.js';
export * from './envelope.js';
export * from './fulfilment.js';
export * from './gift-cards.js';
export * from './merchant-dashboard.js';
export * from './money.js';
export * from './nigeria.js';
export * from './payments.js';
export * from './permissions.js';
export * from './shipping.js';
export * from './stores.js';
export * from './system.js';
export * from './themes.js';

import { shippingAddressEndpoints } from './addresses.js';
import { adminManagementEndpoints, authEndpoints } from './auth.js';
import {
  categoryEndpoints,
  customerProductEndpoints,
  featuredCollectionEndpoints,
  productAdminEndpoints,
  productEndpoints,
} from './catalog.js';
import { cartEndpoints, checkoutEndpoints, customerOrderEndpoints } from './checkout.js';
import { couponCustomerEndpoints, couponMerchantEndpoints } from './coupons.js';
import type { Endpoint } from './endpoint.js';
import {
  adminOrderEndpoints,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  partnerApprovalEndpoints,
  partnerOrderEndpoints,
} from './fulfilment.js';
import { giftCardAdminEndpoints, giftCardCustomerEndpoints } from './gift-cards.js';
import { merchantDashboardEndpoints } from './merchant-dashboard.js';
import { paymentEndpoints } from './payments.js';
import {
  shippingApiEndpoints,
  shippingFeeEndpoints,
  shippingPricingEndpoints,
  shippingZoneEndpoints,
  vehicleEndpoints,
} from './shipping.js';
import {
  merchantDirectoryEndpoints,
  onboardingEndpoints,
  storeAdminEndpoints,
  storeFollowEndpoints,
  storeProfileEndpoints,
} from './stores.js';
import { systemEndpoints } from './system.js';
import { themeEndpoints, themePublishingEndpoints } from './themes.js';

/** Every endpoint of every surface; the server must register each one (a test checks both ways). */
export function allEndpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  const visit = (value: unknown) => {
    if (value && typeof value === 'object') {
      if ('method' in value && 'path' in value && 'surface' in value) found.push(value as Endpoint);
      else for (const child of Object.values(value)) visit(child);
    }
  };
  visit({
    shippingAddressEndpoints,
    paymentEndpoints,
    vehicleEndpoints,
    shippingZoneEndpoints,
    shippingPricingEndpoints,
    shippingFeeEndpoints,
    shippingApiEndpoints,
    authEndpoints,
    cartEndpoints,
    checkoutEndpoints,
    customerOrderEndpoints,
    fulfilmentEndpoints,
    merchantOrderEndpoints,
    adminOrderEndpoints,
    partnerOrderEndpoints,
    partnerApprovalEndpoints,
    adminManagementEndpoints,
    systemEndpoints,
    onboardingEndpoints,
    storeProfileEndpoints,
    storeFollowEndpoints,
    merchantDirectoryEndpoints,
    storeAdminEndpoints,
    categoryEndpoints,
    productEndpoints,
    productAdminEndpoints,
    customerProductEndpoints,
    featuredCollectionEndpoints,
    couponMerchantEndpoints,
    couponCustomerEndpoints,
    giftCardCustomerEndpoints,
    giftCardAdminEndpoints,
    merchantDashboardEndpoints,
    themeEndpoints,
    themePublishingEndpoints,
  });
  return found;
}
