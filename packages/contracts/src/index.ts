export * from './access.js';
export * from './addresses.js';
export * from './audit.js';
export * from './auth.js';
export * from './bank-accounts.js';
export * from './bulk-catalog.js';
export * from './carrier-day.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './common.js';
export * from './contact.js';
export * from './coupons.js';
export * from './data-rights.js';
export * from './endpoint.js';
export * from './endpoint-url.js';
export * from './envelope.js';
export * from './finance.js';
export * from './fulfilment.js';
export * from './gift-cards.js';
export * from './hubs.js';
export * from './merchant-dashboard.js';
export * from './money.js';
export * from './nigeria.js';
export * from './notifications.js';
export * from './order-batch.js';
export * from './order-search.js';
export * from './parcel-labels.js';
export * from './pay-on-delivery.js';
export * from './payments.js';
export * from './payouts.js';
export * from './permissions.js';
export * from './policies.js';
export * from './profile.js';
export * from './published-rules.js';
export * from './reconciliation.js';
export * from './reports.js';
export * from './returns.js';
export * from './reviews.js';
export * from './service-levels.js';
export * from './shipping.js';
export * from './staff.js';
export * from './stores.js';
export * from './subscriptions.js';
export * from './system.js';
export * from './testimonials.js';
export * from './themes.js';
export * from './tracking.js';
export * from './wishlist.js';

import { shippingAddressEndpoints } from './addresses.js';
import { auditEndpoints } from './audit.js';
import { adminManagementEndpoints, authEndpoints } from './auth.js';
import { bankAccountEndpoints } from './bank-accounts.js';
import { bulkCatalogEndpoints } from './bulk-catalog.js';
import { carrierDayEndpoints } from './carrier-day.js';
import {
  categoryEndpoints,
  customerProductEndpoints,
  featuredCollectionEndpoints,
  productAdminEndpoints,
  productEndpoints,
} from './catalog.js';
import { cartEndpoints, checkoutEndpoints, customerOrderEndpoints } from './checkout.js';
import { contactEndpoints } from './contact.js';
import { couponCustomerEndpoints, couponMerchantEndpoints } from './coupons.js';
import { dataRightsEndpoints } from './data-rights.js';
import type { Endpoint } from './endpoint.js';
import { financeEndpoints } from './finance.js';
import {
  adminOrderEndpoints,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  partnerApprovalEndpoints,
  partnerOrderEndpoints,
} from './fulfilment.js';
import { giftCardAdminEndpoints, giftCardCustomerEndpoints } from './gift-cards.js';
import { hubAdminEndpoints, hubEndpoints } from './hubs.js';
import { merchantDashboardEndpoints } from './merchant-dashboard.js';
import { liveEndpoints, notificationEndpoints } from './notifications.js';
import { orderBatchEndpoints } from './order-batch.js';
import { orderSearchEndpoints } from './order-search.js';
import { parcelLabelEndpoints } from './parcel-labels.js';
import { payOnDeliveryEndpoints } from './pay-on-delivery.js';
import { paymentEndpoints } from './payments.js';
import { adminPayoutEndpoints, merchantPayoutEndpoints } from './payouts.js';
import { policyMerchantEndpoints, policyPublicEndpoints } from './policies.js';
import { customerProfileEndpoints } from './profile.js';
import { reconciliationEndpoints } from './reconciliation.js';
import { adminMerchantEndpoints, salesReportEndpoints } from './reports.js';
import {
  adminReturnEndpoints,
  customerReturnEndpoints,
  merchantReturnEndpoints,
  returnPickupEndpoints,
} from './returns.js';
import { reviewEndpoints } from './reviews.js';
import { scorecardEndpoints, serviceLevelEndpoints } from './service-levels.js';
import {
  shippingApiEndpoints,
  shippingFeeEndpoints,
  shippingPricingEndpoints,
  shippingZoneEndpoints,
  vehicleEndpoints,
} from './shipping.js';
import { adminRoleEndpoints, staffEndpoints } from './staff.js';
import {
  merchantDirectoryEndpoints,
  onboardingEndpoints,
  storeAdminEndpoints,
  storeFollowEndpoints,
  storeProfileEndpoints,
} from './stores.js';
import { planAdminEndpoints, planPublicEndpoints, subscriptionMerchantEndpoints } from './subscriptions.js';
import { systemEndpoints } from './system.js';
import { platformTestimonialEndpoints } from './testimonials.js';
import { themeEndpoints, themePublishingEndpoints } from './themes.js';
import { trackingEndpoints } from './tracking.js';
import { wishlistEndpoints } from './wishlist.js';

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
    notificationEndpoints,
    liveEndpoints,
    paymentEndpoints,
    payOnDeliveryEndpoints,
    wishlistEndpoints,
    trackingEndpoints,
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
    returnPickupEndpoints,
    merchantOrderEndpoints,
    adminOrderEndpoints,
    orderBatchEndpoints,
    orderSearchEndpoints,
    serviceLevelEndpoints,
    scorecardEndpoints,
    parcelLabelEndpoints,
    carrierDayEndpoints,
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
    bulkCatalogEndpoints,
    customerProductEndpoints,
    featuredCollectionEndpoints,
    couponMerchantEndpoints,
    couponCustomerEndpoints,
    giftCardCustomerEndpoints,
    giftCardAdminEndpoints,
    merchantDashboardEndpoints,
    themeEndpoints,
    themePublishingEndpoints,
    hubAdminEndpoints,
    hubEndpoints,
    policyMerchantEndpoints,
    policyPublicEndpoints,
    bankAccountEndpoints,
    planPublicEndpoints,
    planAdminEndpoints,
    subscriptionMerchantEndpoints,
    salesReportEndpoints,
    adminMerchantEndpoints,
    financeEndpoints,
    reviewEndpoints,
    platformTestimonialEndpoints,
    contactEndpoints,
    customerProfileEndpoints,
    customerReturnEndpoints,
    merchantReturnEndpoints,
    adminReturnEndpoints,
    staffEndpoints,
    adminRoleEndpoints,
    merchantPayoutEndpoints,
    adminPayoutEndpoints,
    reconciliationEndpoints,
    auditEndpoints,
    dataRightsEndpoints,
  });
  return found;
}
