import type { AccountKind, AdminPermission, StorePermission } from '@market/contracts';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * Every dashboard screen, written once (issue 30): its path, its lazy screen, who may open it, the area's name in
 * "Your role cannot open …", and its place in the navigation. The router's dashboard routes (dashboard-routes.ts),
 * the permission gate's rules (route-access.tsx), the side navigation (layouts/*-nav.ts) and the areas' tab bars
 * (`dashboardTabs`) are all derived from these tables, and dashboard-areas.test.ts checks that they agree with
 * each other and with the contract's endpoints (ADR areas-dashboard-areas).
 *
 * The tables only name the screens: each `screen` is a dynamic import, so every screen is still its own `dash-…`
 * chunk, and this module is one more `dash-` chunk that the public pages never load (ADR 056; vite.config.ts).
 */

type LazyScreen = LazyRouteFunction<RouteObject>;

/** Who may open a screen: a role holding any of `anyOf`, or, on purpose, every member of the dashboard. */
export type ScreenAccess<P extends string> =
  | {
      anyOf: readonly P[];
      /** The area as the person knows it, in "Your role cannot open …". */
      area: string;
    }
  | {
      /** Why every account of the dashboard may open it (no rule is a decision, not an omission). */
      open: string;
    };

/** The tab bars of areas with several screens (`SubNav`), each listing its tabs in table order. */
export type TabBar =
  | 'approvals'
  | 'catalog'
  | 'orders'
  | 'returns'
  | 'finance'
  | 'payouts'
  | 'shipping'
  | 'gift-cards'
  | 'community'
  | 'products';

export interface DashboardScreen<P extends string> {
  /** The path under the dashboard's base; '' is the dashboard's home (its index route). */
  path: string;
  screen: LazyScreen;
  access: ScreenAccess<P>;
  /** An entry of the side navigation, in table order; shown to the roles the access lets in. */
  nav?: {
    label: string;
    /** Active only on this exact path (the dashboard's home), not on the screens under it. */
    end?: true;
    /** Shown to the store owner only, whatever a custom role holds (the owner's own sign-up answers). */
    ownerOnly?: true;
  };
  /** A tab of its area's tab bar. */
  tab?: { bar: TabBar; label: string };
}

export interface Dashboard<P extends string> {
  /** The first path segment(s) every screen of the dashboard is under. */
  base: string;
  /** The account that signs in to it (whose permissions `P` are). */
  account: AccountKind;
  /** The dashboard's frame (side navigation, header); without one, each screen is a full page of its own. */
  layout?: LazyScreen;
  /** Whether the permission gate (route-access.tsx) stands between the frame and the screens. */
  gated: boolean;
  screens: readonly DashboardScreen<P>[];
}

// A screen mounted at two paths (the old path, or both trees of the specification) is one import.
const screens = {
  merchantAccount: () => import('./routes/merchant/account'),
  partnerAccount: () => import('./routes/partner/account'),
  partnerScan: () => import('./routes/partner/scan'),
  adminOrders: () => import('./routes/admin/orders-all'),
  adminReturns: () => import('./routes/admin/returns'),
  changePassword: () => import('./routes/change-password'),
  themesCatalogue: () => import('./routes/themes/catalogue'),
  themesEdit: () => import('./routes/themes/edit'),
  themesPreview: () => import('./routes/themes/preview'),
} satisfies Record<string, LazyScreen>;

const merchantLayout = () => import('./layouts/merchant-layout');
const everyMember = 'the dashboard home: each card on it shows only to the roles its own area lets in';
const ownAccount = "the member's own password and data rights (ADR 073), whatever the role";

const products = { anyOf: ['products:read'], area: 'Products' } as const;
const orders = { anyOf: ['orders:read'], area: 'Orders' } as const;
const returns = { anyOf: ['returns:read'], area: 'Returns' } as const;
const coupons = { anyOf: ['coupons:read'], area: 'Coupons' } as const;
const subscription = { anyOf: ['subscription:manage'], area: 'Subscription' } as const;
const themes = { anyOf: ['themes:write'], area: 'Themes' } as const;

export const merchantDashboard: Dashboard<StorePermission> = {
  base: 'merchant',
  account: 'merchant',
  layout: merchantLayout,
  gated: true,
  screens: [
    {
      path: '',
      screen: () => import('./routes/merchant/dashboard'),
      access: { open: everyMember },
      nav: { label: 'Dashboard', end: true },
    },
    {
      path: 'onboarding',
      screen: () => import('./routes/merchant/onboarding'),
      // The owner's own sign-up answers (KYC, plan): staff hold none of the owner-only permissions.
      access: { anyOf: ['subscription:manage'], area: 'Store onboarding' },
      nav: { label: 'Onboarding', ownerOnly: true },
    },
    {
      path: 'products',
      screen: () => import('./routes/merchant/products'),
      access: products,
      nav: { label: 'Products' },
      tab: { bar: 'products', label: 'All products' },
    },
    {
      path: 'products/new',
      screen: () => import('./routes/merchant/product-new'),
      access: { anyOf: ['products:write'], area: 'Add product' },
    },
    {
      path: 'products/low-stock',
      screen: () => import('./routes/merchant/low-stock'),
      access: products,
      tab: { bar: 'products', label: 'Low stock' },
    },
    {
      path: 'products/saved',
      screen: () => import('./routes/merchant/saved-products'),
      access: products,
      tab: { bar: 'products', label: 'Saved by shoppers' },
    },
    {
      path: 'products/spreadsheet',
      screen: () => import('./routes/merchant/catalogue-spreadsheet'),
      access: { anyOf: ['products:write'], area: 'Catalogue spreadsheet' },
      tab: { bar: 'products', label: 'Spreadsheet' },
    },
    {
      path: 'products/:id/edit',
      screen: () => import('./routes/merchant/product-edit'),
      access: products,
    },
    {
      path: 'collections',
      screen: () => import('./routes/merchant/collections'),
      access: { anyOf: ['products:write'], area: 'Collections' },
      nav: { label: 'Collections' },
      tab: { bar: 'products', label: 'Featured collections' },
    },
    {
      path: 'orders',
      screen: () => import('./routes/merchant/orders'),
      access: orders,
      nav: { label: 'Orders' },
    },
    { path: 'orders/labels', screen: () => import('./routes/merchant/order-labels'), access: orders },
    {
      path: 'orders/:id',
      screen: () => import('./routes/merchant/order'),
      access: orders,
    },
    {
      path: 'returns',
      screen: () => import('./routes/merchant/returns'),
      access: returns,
      nav: { label: 'Returns' },
    },
    {
      path: 'returns/:id',
      screen: () => import('./routes/merchant/return'),
      access: returns,
    },
    {
      path: 'coupons',
      screen: () => import('./routes/merchant/coupons'),
      access: coupons,
      nav: { label: 'Coupons' },
    },
    {
      path: 'coupons/new',
      screen: () => import('./routes/merchant/coupon-new'),
      access: { anyOf: ['coupons:write'], area: 'New coupon' },
    },
    {
      path: 'coupons/:id/edit',
      screen: () => import('./routes/merchant/coupon-edit'),
      access: coupons,
    },
    {
      path: 'reports',
      screen: () => import('./routes/merchant/reports'),
      access: { anyOf: ['reports:read'], area: 'Reports' },
      nav: { label: 'Reports' },
    },
    {
      path: 'reviews',
      screen: () => import('./routes/merchant/reviews'),
      access: { anyOf: ['reviews:reply'], area: 'Reviews' },
      nav: { label: 'Reviews' },
    },
    {
      path: 'staff',
      screen: () => import('./routes/merchant/staff'),
      access: { anyOf: ['staff:read'], area: 'Staff' },
      nav: { label: 'Staff' },
    },
    {
      path: 'audit',
      screen: () => import('./routes/merchant/audit'),
      access: { anyOf: ['store:audit:read'], area: 'Audit trail' },
      nav: { label: 'Audit trail' },
    },
    {
      path: 'payment-report',
      screen: () => import('./routes/merchant/payment-report'),
      access: { anyOf: ['payouts:read'], area: 'Payment report' },
      nav: { label: 'Payment report' },
    },
    {
      path: 'payouts',
      screen: () => import('./routes/merchant/payouts'),
      access: { anyOf: ['payouts:read'], area: 'Payouts' },
      nav: { label: 'Payouts' },
    },
    {
      path: 'bank-account',
      screen: () => import('./routes/merchant/bank-account'),
      access: { anyOf: ['bank:write'], area: 'Bank account' },
      nav: { label: 'Bank account' },
    },
    {
      path: 'subscription',
      screen: () => import('./routes/merchant/subscription'),
      access: subscription,
      nav: { label: 'Subscription' },
    },
    {
      path: 'subscription/invoices/:id',
      screen: () => import('./routes/merchant/subscription-invoice'),
      access: subscription,
    },
    {
      path: 'policies',
      screen: () => import('./routes/merchant/policies'),
      access: { anyOf: ['policies:write'], area: 'Policies' },
      nav: { label: 'Policies' },
    },
    {
      path: 'store-profile',
      screen: () => import('./routes/merchant/store-profile'),
      access: { anyOf: ['store:profile:read'], area: 'Store profile' },
      nav: { label: 'Store profile' },
    },
    {
      path: 'hubs',
      screen: () => import('./routes/merchant/hubs'),
      access: { anyOf: ['store:profile:write'], area: 'Hubs' },
      nav: { label: 'Hubs' },
    },
    {
      path: 'themes',
      screen: screens.themesCatalogue,
      access: themes,
      nav: { label: 'Themes' },
    },
    { path: 'themes/edit/:themeSlug', screen: screens.themesEdit, access: themes },
    {
      path: 'notifications',
      screen: () => import('./routes/merchant/notifications'),
      access: { open: "the member's own notifications; each was sent only to roles allowed to hear it" },
    },
    { path: 'account', screen: screens.merchantAccount, access: { open: ownAccount } },
    // the old path of the account screen still opens it
    { path: 'change-password', screen: screens.merchantAccount, access: { open: ownAccount } },
  ],
};

/** The theme editor of the specification's static and dynamic routes (issue 10), in the merchant's frame. */
export const themeEditorDashboard: Dashboard<StorePermission> = {
  base: 'themes',
  account: 'merchant',
  layout: merchantLayout,
  gated: true,
  screens: [
    { path: '', screen: screens.themesCatalogue, access: themes },
    { path: 'default', screen: screens.themesCatalogue, access: themes },
    { path: 'edit/:themeSlug', screen: screens.themesEdit, access: themes },
  ],
};

const preview =
  "a full-screen preview outside the dashboard frame and its gate: it asks for a merchant's session and shows " +
  "the store's own public catalogue in the theme";

/** Full-screen previews of a theme with the merchant's own products: no dashboard frame around them. */
export const themePreviews: Dashboard<StorePermission> = {
  base: '',
  account: 'merchant',
  gated: false,
  screens: [
    { path: 'merchant/themes/preview/:themeSlug', screen: screens.themesPreview, access: { open: preview } },
    { path: 'themes/preview/:themeSlug', screen: screens.themesPreview, access: { open: preview } },
    { path: 'themes/preview/:themeSlug/:pageSlug', screen: screens.themesPreview, access: { open: preview } },
  ],
};

const storeApprovals = { anyOf: ['approvals:stores'], area: 'Store approvals' } as const;
const merchants = { anyOf: ['merchants:read'], area: 'Merchants' } as const;
const carry = ['orders:carry'] as const;
const assign = ['orders:assign'] as const;
const adminReturns = { anyOf: ['returns:disputes'], area: 'Returns' } as const;
const payouts = { anyOf: ['finance:read'], area: 'Payouts' } as const;
const transactions = { anyOf: ['transactions:read'], area: 'Transactions' } as const;
const shipping = { anyOf: ['shipping:zones'], area: 'Shipping' } as const;
const giftCards = { anyOf: ['gift-cards:read'], area: 'Gift cards' } as const;
const admins = { anyOf: ['admins:manage'], area: 'Admins' } as const;

export const adminDashboard: Dashboard<AdminPermission> = {
  base: 'admin',
  account: 'admin',
  layout: () => import('./layouts/admin-layout'),
  gated: true,
  screens: [
    {
      path: '',
      screen: () => import('./routes/admin/dashboard'),
      access: { open: everyMember },
      nav: { label: 'Dashboard', end: true },
    },
    {
      path: 'approvals',
      screen: () => import('./routes/admin/approvals-products'),
      access: { anyOf: ['approvals:products'], area: 'Approvals' },
      nav: { label: 'Approvals' },
      tab: { bar: 'approvals', label: 'Products' },
    },
    {
      path: 'approvals/stores',
      screen: () => import('./routes/admin/approvals-stores'),
      access: storeApprovals,
      tab: { bar: 'approvals', label: 'Stores' },
    },
    {
      path: 'approvals/stores/:id',
      screen: () => import('./routes/admin/approval-store'),
      access: storeApprovals,
    },
    {
      path: 'approvals/approvers',
      screen: () => import('./routes/admin/approvers'),
      // The store approvers (GET /stores/admin/approvers asks approvals:stores); approvals:partners is the desk of
      // shipping partners, which this screen never shows.
      access: { anyOf: ['approvals:stores'], area: 'Approvers' },
      tab: { bar: 'approvals', label: 'Approvers' },
    },
    {
      path: 'catalog',
      screen: () => import('./routes/admin/catalog-categories'),
      access: { anyOf: ['catalog:categories'], area: 'Catalog' },
      nav: { label: 'Catalog' },
      tab: { bar: 'catalog', label: 'Categories' },
    },
    {
      path: 'catalog/promotions',
      screen: () => import('./routes/admin/catalog-promotions'),
      access: { anyOf: ['catalog:promotions'], area: 'Promotions' },
      tab: { bar: 'catalog', label: 'Promotions' },
    },
    {
      path: 'catalog/outlets',
      screen: () => import('./routes/admin/catalog-outlets'),
      access: { anyOf: ['catalog:promotions'], area: 'Official outlets' },
      tab: { bar: 'catalog', label: 'Official outlets' },
    },
    {
      path: 'orders',
      screen: () => import('./routes/admin/orders-queue'),
      access: { anyOf: assign, area: 'Orders' },
      nav: { label: 'Orders' },
      tab: { bar: 'orders', label: 'Assignment queue' },
    },
    {
      path: 'orders/pickups',
      screen: () => import('./routes/admin/orders-pickups'),
      access: { anyOf: assign, area: 'Return pickups' },
      tab: { bar: 'orders', label: 'Return pickups' },
    },
    {
      path: 'orders/all',
      screen: screens.adminOrders,
      access: { anyOf: ['orders:read-all'], area: 'All orders' },
      tab: { bar: 'orders', label: 'All orders' },
    },
    {
      path: 'orders/search',
      screen: () => import('./routes/admin/orders-search'),
      access: { anyOf: ['orders:read-all'], area: 'Search orders' },
      tab: { bar: 'orders', label: 'Search' },
    },
    {
      path: 'orders/mine',
      screen: screens.adminOrders,
      access: { anyOf: carry, area: 'My deliveries' },
      tab: { bar: 'orders', label: 'My deliveries' },
    },
    {
      path: 'orders/day',
      screen: () => import('./routes/admin/orders-day'),
      access: { anyOf: carry, area: 'My day' },
      tab: { bar: 'orders', label: 'My day' },
    },
    {
      path: 'orders/cash',
      screen: () => import('./routes/admin/orders-cash'),
      access: { anyOf: carry, area: 'Cash held' },
      tab: { bar: 'orders', label: 'Cash held' },
    },
    {
      path: 'orders/partners',
      screen: () => import('./routes/admin/orders-partners'),
      access: { anyOf: ['approvals:partners'], area: 'Shipping partners' },
      tab: { bar: 'orders', label: 'Shipping partners' },
    },
    {
      path: 'orders/service-levels',
      screen: () => import('./routes/admin/orders-service-levels'),
      access: { anyOf: ['service-levels:manage'], area: 'Service-level limits' },
      tab: { bar: 'orders', label: 'Service levels' },
    },
    {
      path: 'orders/:id',
      screen: () => import('./routes/admin/order'),
      access: { anyOf: ['orders:read-all', 'orders:carry'], area: 'this order' },
    },
    {
      path: 'hubs',
      screen: () => import('./routes/admin/hubs'),
      // Two desks share the screen: hub applications (approvals:hubs) and the hubs themselves (hubs:manage).
      access: { anyOf: ['approvals:hubs', 'hubs:manage'], area: 'Hubs' },
      nav: { label: 'Hubs' },
    },
    {
      path: 'merchants',
      screen: () => import('./routes/admin/merchants'),
      access: merchants,
      nav: { label: 'Merchants' },
    },
    {
      path: 'merchants/:id',
      screen: () => import('./routes/admin/merchant'),
      access: merchants,
    },
    {
      path: 'returns',
      screen: screens.adminReturns,
      access: adminReturns,
      nav: { label: 'Returns' },
      tab: { bar: 'returns', label: 'Disputed returns' },
    },
    {
      path: 'returns/all',
      screen: screens.adminReturns,
      access: adminReturns,
      tab: { bar: 'returns', label: 'All returns' },
    },
    {
      path: 'returns/refunds',
      screen: () => import('./routes/admin/refund-requests'),
      access: adminReturns,
      tab: { bar: 'returns', label: 'Refund requests' },
    },
    {
      // Its route was lost when the dashboards' routes left router.tsx; `returns/:id` took the tab for a return.
      path: 'returns/card-disputes',
      screen: () => import('./routes/admin/card-disputes'),
      access: adminReturns,
      tab: { bar: 'returns', label: 'Card disputes' },
    },
    {
      path: 'returns/:id',
      screen: () => import('./routes/admin/return'),
      access: adminReturns,
    },
    {
      path: 'finance',
      screen: () => import('./routes/admin/finance'),
      access: { anyOf: ['finance:read'], area: 'Finance' },
      nav: { label: 'Finance' },
      tab: { bar: 'finance', label: 'Finance report' },
    },
    {
      path: 'finance/transactions',
      screen: () => import('./routes/admin/finance-transactions'),
      access: transactions,
      tab: { bar: 'finance', label: 'Transactions' },
    },
    {
      path: 'finance/transactions/:id',
      screen: () => import('./routes/admin/finance-transaction'),
      access: transactions,
    },
    {
      path: 'payouts',
      screen: () => import('./routes/admin/payouts'),
      access: payouts,
      nav: { label: 'Payouts' },
      tab: { bar: 'payouts', label: 'Payouts' },
    },
    {
      path: 'payouts/categories',
      screen: () => import('./routes/admin/payouts-categories'),
      access: payouts,
      tab: { bar: 'payouts', label: 'Payment categories' },
    },
    {
      path: 'payouts/reconciliation',
      screen: () => import('./routes/admin/payouts-reconciliation'),
      access: payouts,
      tab: { bar: 'payouts', label: 'Reconciliation' },
    },
    {
      path: 'payouts/pay-on-delivery',
      screen: () => import('./routes/admin/payouts-pay-on-delivery'),
      access: payouts,
      tab: { bar: 'payouts', label: 'Pay on delivery' },
    },
    {
      path: 'shipping',
      screen: () => import('./routes/admin/shipping-zones'),
      access: shipping,
      nav: { label: 'Shipping' },
      tab: { bar: 'shipping', label: 'Zones' },
    },
    {
      path: 'shipping/pricing',
      screen: () => import('./routes/admin/shipping-pricing'),
      access: shipping,
      tab: { bar: 'shipping', label: 'Pricing' },
    },
    {
      path: 'shipping/vehicles',
      screen: () => import('./routes/admin/shipping-vehicles'),
      access: shipping,
      tab: { bar: 'shipping', label: 'Vehicles' },
    },
    {
      path: 'gift-cards',
      screen: () => import('./routes/admin/gift-cards-analytics'),
      access: giftCards,
      nav: { label: 'Gift cards' },
      tab: { bar: 'gift-cards', label: 'Analytics' },
    },
    {
      path: 'gift-cards/cards',
      screen: () => import('./routes/admin/gift-cards-list'),
      access: giftCards,
      tab: { bar: 'gift-cards', label: 'Cards' },
    },
    {
      path: 'gift-cards/activities',
      screen: () => import('./routes/admin/gift-cards-activities'),
      access: giftCards,
      tab: { bar: 'gift-cards', label: 'Activities' },
    },
    {
      path: 'plans',
      screen: () => import('./routes/admin/plans'),
      access: { anyOf: ['plans:manage'], area: 'Plans' },
      nav: { label: 'Plans' },
    },
    {
      path: 'reviews',
      screen: () => import('./routes/admin/reviews'),
      access: { anyOf: ['reviews:moderate'], area: 'Reviews' },
      nav: { label: 'Reviews' },
      tab: { bar: 'community', label: 'Reviews' },
    },
    {
      path: 'testimonials',
      screen: () => import('./routes/admin/testimonials'),
      access: { anyOf: ['testimonials:moderate'], area: 'Testimonials' },
      tab: { bar: 'community', label: 'Testimonials' },
    },
    {
      path: 'contact',
      screen: () => import('./routes/admin/contact-messages'),
      access: { anyOf: ['contact:read'], area: 'Contact messages' },
      tab: { bar: 'community', label: 'Contact messages' },
    },
    {
      path: 'admins',
      screen: () => import('./routes/admin/admins'),
      access: admins,
      nav: { label: 'Admins' },
    },
    {
      path: 'admins/new',
      screen: () => import('./routes/admin/admin-new'),
      access: admins,
    },
    {
      path: 'admins/:id/edit',
      screen: () => import('./routes/admin/admin-edit'),
      access: admins,
    },
    {
      path: 'roles',
      screen: () => import('./routes/admin/roles'),
      access: { anyOf: ['admins:manage'], area: 'Roles' },
      nav: { label: 'Roles' },
    },
    {
      path: 'audit',
      screen: () => import('./routes/admin/audit'),
      access: { anyOf: ['audit:read'], area: 'Audit trail' },
      nav: { label: 'Audit trail' },
    },
    {
      path: 'data-rights',
      screen: () => import('./routes/admin/data-rights'),
      access: { anyOf: ['data-rights:act'], area: 'Data requests' },
      nav: { label: 'Data requests' },
    },
    {
      path: 'notifications',
      screen: () => import('./routes/admin/notifications'),
      access: { open: "the admin's own notifications; each was sent only to roles allowed to hear it" },
    },
    { path: 'change-password', screen: screens.changePassword, access: { open: ownAccount } },
  ],
};

/**
 * The shipping partner portal has no permission gate: a partner account is one company acting on the orders,
 * pickups and cash it carries, and the endpoints check which are its own.
 */
const partnerOwnWork =
  'every partner account: the portal has no roles, the endpoints answer only its own work';

export const partnerDashboard: Dashboard<never> = {
  base: 'shipping-partner',
  account: 'partner',
  layout: () => import('./layouts/partner-layout'),
  gated: false,
  screens: [
    {
      path: '',
      screen: () => import('./routes/partner/dashboard'),
      access: { open: partnerOwnWork },
      nav: { label: 'Dashboard', end: true },
    },
    {
      path: 'orders',
      screen: () => import('./routes/partner/orders'),
      access: { open: partnerOwnWork },
      nav: { label: 'Orders' },
    },
    {
      path: 'day',
      screen: () => import('./routes/partner/day'),
      access: { open: partnerOwnWork },
      nav: { label: 'My day' },
    },
    {
      path: 'scan',
      screen: screens.partnerScan,
      access: { open: partnerOwnWork },
      nav: { label: 'Scan a parcel' },
    },
    { path: 'scan/:reference', screen: screens.partnerScan, access: { open: partnerOwnWork } },
    {
      path: 'pickups',
      screen: () => import('./routes/partner/pickups'),
      access: { open: partnerOwnWork },
      nav: { label: 'Return pickups' },
    },
    {
      path: 'cash',
      screen: () => import('./routes/partner/cash'),
      access: { open: partnerOwnWork },
      nav: { label: 'Cash held' },
    },
    {
      path: 'hubs',
      screen: () => import('./routes/partner/hubs'),
      access: { open: partnerOwnWork },
      nav: { label: 'Hubs' },
    },
    { path: 'orders/:id', screen: () => import('./routes/partner/order'), access: { open: partnerOwnWork } },
    {
      path: 'notifications',
      screen: () => import('./routes/partner/notifications'),
      access: { open: partnerOwnWork },
    },
    { path: 'account', screen: screens.partnerAccount, access: { open: ownAccount } },
    // the old path of the account screen still opens it
    { path: 'change-password', screen: screens.partnerAccount, access: { open: ownAccount } },
  ],
};

/** Every dashboard, in the order their routes are added to the router. */
export const dashboards = [
  merchantDashboard,
  themeEditorDashboard,
  themePreviews,
  adminDashboard,
  partnerDashboard,
] as const;

/** The URL path of a screen: `/merchant/orders`, `/admin` for a home. */
export function screenPath(dashboard: Dashboard<string>, screen: DashboardScreen<string>): string {
  return `/${[dashboard.base, screen.path].filter(Boolean).join('/')}`;
}

/** A rule of the permission gate: the screen at `path` opens to a role holding any of `anyOf`. */
export interface RouteRule<P extends string> {
  path: string;
  anyOf: readonly P[];
  /** The area as the person knows it, in "Your role cannot open …". */
  area: string;
}

const parametersIn = (path: string) => path.split('/').filter((segment) => segment.startsWith(':')).length;

/**
 * The gate's rules of some dashboards, one per guarded screen. The gate takes the first rule that matches, so
 * fixed paths come before those with parameters: `/admin/orders/all` is not an order called "all".
 */
export function routeRulesOf<P extends string>(...of: readonly Dashboard<P>[]): RouteRule<P>[] {
  return of
    .flatMap((dashboard) =>
      dashboard.screens.flatMap((screen) =>
        'anyOf' in screen.access
          ? [{ path: screenPath(dashboard, screen), anyOf: screen.access.anyOf, area: screen.access.area }]
          : [],
      ),
    )
    .sort((a, b) => parametersIn(a.path) - parametersIn(b.path));
}

/** Whether a role holding `held` may open the screen (an open screen: every member). */
export function mayOpen(access: ScreenAccess<string>, held: readonly string[]): boolean {
  return !('anyOf' in access) || access.anyOf.some((permission) => held.includes(permission));
}

/** A link of a navigation, as the dashboard frame and `SubNav` draw it. */
export interface NavLinkItem {
  to: string;
  label: string;
  end?: boolean;
}

/** A dashboard's side navigation for a role holding `held`, with `isOwner` for the owner-only entries. */
export function dashboardNav<P extends string>(
  dashboard: Dashboard<P>,
  held: readonly string[],
  isOwner = false,
): NavLinkItem[] {
  return dashboard.screens.flatMap((screen) => {
    const { nav } = screen;
    if (!nav) return [];
    const shown = nav.ownerOnly ? isOwner : mayOpen(screen.access, held);
    if (!shown) return [];
    return [{ to: screenPath(dashboard, screen), label: nav.label, ...(nav.end ? { end: true } : {}) }];
  });
}

/**
 * The tabs of an area's tab bar; given `held`, only those a role holding it may open (the order pages hide the
 * pages of other desks), otherwise every tab.
 */
export function dashboardTabs(bar: TabBar, held?: readonly string[]): NavLinkItem[] {
  return dashboards.flatMap((dashboard: Dashboard<string>) =>
    dashboard.screens.flatMap((screen) =>
      screen.tab?.bar === bar && (held === undefined || mayOpen(screen.access, held))
        ? [{ to: screenPath(dashboard, screen), label: screen.tab.label }]
        : [],
    ),
  );
}
