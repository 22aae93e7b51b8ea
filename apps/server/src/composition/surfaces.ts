import type { Surface } from '@market/contracts';
import { admins } from './modules/admins.js';
import { auth, merchantAccount, sessions } from './modules/auth.js';
import { bankAccounts } from './modules/bank-accounts.js';
import { carrierDay } from './modules/carrier-day.js';
import { cart } from './modules/cart.js';
import { catalog } from './modules/catalog.js';
import { checkout, checkoutAndPay } from './modules/checkout.js';
import { applyCoupon, coupons } from './modules/coupons.js';
import { finance } from './modules/finance.js';
import { giftCards } from './modules/gift-cards.js';
import { hubs } from './modules/hubs.js';
import { ledger, payout } from './modules/ledger.js';
import { merchantDashboard } from './modules/merchant-dashboard.js';
import { notifications } from './modules/notifications.js';
import { orderFulfilment, orders, serviceLevels } from './modules/orders.js';
import { payOnDelivery, payOnDeliveryFlow } from './modules/pay-on-delivery.js';
import { payments } from './modules/payments.js';
import { addresses, audit, contact, dataRights, system, testimonials } from './modules/plain.js';
import { policies } from './modules/policies.js';
import { reconciliation } from './modules/reconciliation.js';
import { reports } from './modules/reports.js';
import { refundBearer, returnAndRefund, returns } from './modules/returns.js';
import { reviews } from './modules/reviews.js';
import { shipping } from './modules/shipping.js';
import { staff } from './modules/staff.js';
import { storeApproval, storeFollowing, storeOnboarding, storeProfile, stores } from './modules/stores.js';
import { subscriptions } from './modules/subscriptions.js';
import { themes } from './modules/themes.js';
import { tracking } from './modules/tracking.js';
import { wishlist } from './modules/wishlist.js';
import type { ModuleEntry } from './registry.js';

/**
 * The modules each surface mounts (ADR 076). Adding a module: its folder in `modules/`, its wiring file in
 * `composition/modules/`, and one line here. Each endpoint names its surface, so a surface that runs as its own
 * deployment later mounts only the modules its endpoints come from; a module whose routes name a surface whose list
 * lacks it stops the start.
 */
export const surfaces: Record<Surface, ModuleEntry[]> = {
  api: [
    system,
    auth,
    sessions,
    merchantAccount,
    admins,
    stores,
    storeApproval,
    storeProfile,
    storeOnboarding,
    storeFollowing,
    hubs,
    catalog,
    coupons,
    applyCoupon,
    giftCards,
    addresses,
    shipping,
    payments,
    cart,
    checkout,
    checkoutAndPay,
    orders,
    orderFulfilment,
    serviceLevels,
    returns,
    returnAndRefund,
    refundBearer,
    merchantDashboard,
    policies,
    bankAccounts,
    ledger,
    payout,
    subscriptions,
    reports,
    reviews,
    testimonials,
    finance,
    contact,
    audit,
    dataRights,
    staff,
    notifications,
    reconciliation,
    payOnDelivery,
    payOnDeliveryFlow,
    wishlist,
    tracking,
    carrierDay,
  ],
  shipping: [system, shipping],
  themes: [system, themes],
};
