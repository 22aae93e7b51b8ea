import type { StorePermission } from '@market/contracts';
import { type Dashboard, everyMember, type LazyScreen, ownAccount } from './screens';

// A screen mounted at two paths (the old path, or both trees of the specification) is one import.
const screens = {
  account: () => import('../routes/merchant/account'),
  themesCatalogue: () => import('../routes/themes/catalogue'),
  themesEdit: () => import('../routes/themes/edit'),
  themesPreview: () => import('../routes/themes/preview'),
} satisfies Record<string, LazyScreen>;

const merchantLayout = () => import('../layouts/merchant-layout');

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
      screen: () => import('../routes/merchant/dashboard'),
      access: { open: everyMember },
      nav: { label: 'Dashboard', end: true },
    },
    {
      path: 'onboarding',
      screen: () => import('../routes/merchant/onboarding'),
      // The owner's own sign-up answers (KYC, plan): staff hold none of the owner-only permissions.
      access: { anyOf: ['subscription:manage'], area: 'Store onboarding' },
      nav: { label: 'Onboarding', ownerOnly: true },
    },
    {
      path: 'products',
      screen: () => import('../routes/merchant/products'),
      access: products,
      nav: { label: 'Products' },
      tab: { bar: 'products', label: 'All products' },
    },
    {
      path: 'products/new',
      screen: () => import('../routes/merchant/product-new'),
      access: { anyOf: ['products:write'], area: 'Add product' },
    },
    {
      path: 'products/low-stock',
      screen: () => import('../routes/merchant/low-stock'),
      access: products,
      tab: { bar: 'products', label: 'Low stock' },
    },
    {
      path: 'products/saved',
      screen: () => import('../routes/merchant/saved-products'),
      access: products,
      tab: { bar: 'products', label: 'Saved by shoppers' },
    },
    {
      path: 'products/spreadsheet',
      screen: () => import('../routes/merchant/catalogue-spreadsheet'),
      access: { anyOf: ['products:write'], area: 'Catalogue spreadsheet' },
      tab: { bar: 'products', label: 'Spreadsheet' },
    },
    {
      path: 'products/:id/edit',
      screen: () => import('../routes/merchant/product-edit'),
      access: products,
    },
    {
      path: 'collections',
      screen: () => import('../routes/merchant/collections'),
      access: { anyOf: ['products:write'], area: 'Collections' },
      nav: { label: 'Collections' },
      tab: { bar: 'products', label: 'Featured collections' },
    },
    {
      path: 'orders',
      screen: () => import('../routes/merchant/orders'),
      access: orders,
      nav: { label: 'Orders' },
    },
    { path: 'orders/labels', screen: () => import('../routes/merchant/order-labels'), access: orders },
    {
      path: 'orders/:id',
      screen: () => import('../routes/merchant/order'),
      access: orders,
    },
    {
      path: 'returns',
      screen: () => import('../routes/merchant/returns'),
      access: returns,
      nav: { label: 'Returns' },
    },
    {
      path: 'returns/:id',
      screen: () => import('../routes/merchant/return'),
      access: returns,
    },
    {
      path: 'coupons',
      screen: () => import('../routes/merchant/coupons'),
      access: coupons,
      nav: { label: 'Coupons' },
    },
    {
      path: 'coupons/new',
      screen: () => import('../routes/merchant/coupon-new'),
      access: { anyOf: ['coupons:write'], area: 'New coupon' },
    },
    {
      path: 'coupons/:id/edit',
      screen: () => import('../routes/merchant/coupon-edit'),
      access: coupons,
    },
    {
      path: 'reports',
      screen: () => import('../routes/merchant/reports'),
      access: { anyOf: ['reports:read'], area: 'Reports' },
      nav: { label: 'Reports' },
    },
    {
      path: 'reviews',
      screen: () => import('../routes/merchant/reviews'),
      access: { anyOf: ['reviews:reply'], area: 'Reviews' },
      nav: { label: 'Reviews' },
    },
    {
      path: 'staff',
      screen: () => import('../routes/merchant/staff'),
      access: { anyOf: ['staff:read'], area: 'Staff' },
      nav: { label: 'Staff' },
    },
    {
      path: 'audit',
      screen: () => import('../routes/merchant/audit'),
      access: { anyOf: ['store:audit:read'], area: 'Audit trail' },
      nav: { label: 'Audit trail' },
    },
    {
      path: 'payment-report',
      screen: () => import('../routes/merchant/payment-report'),
      access: { anyOf: ['payouts:read'], area: 'Payment report' },
      nav: { label: 'Payment report' },
    },
    {
      path: 'payouts',
      screen: () => import('../routes/merchant/payouts'),
      access: { anyOf: ['payouts:read'], area: 'Payouts' },
      nav: { label: 'Payouts' },
    },
    {
      path: 'bank-account',
      screen: () => import('../routes/merchant/bank-account'),
      access: { anyOf: ['bank:write'], area: 'Bank account' },
      nav: { label: 'Bank account' },
    },
    {
      path: 'subscription',
      screen: () => import('../routes/merchant/subscription'),
      access: subscription,
      nav: { label: 'Subscription' },
    },
    {
      path: 'subscription/invoices/:id',
      screen: () => import('../routes/merchant/subscription-invoice'),
      access: subscription,
    },
    {
      path: 'policies',
      screen: () => import('../routes/merchant/policies'),
      access: { anyOf: ['policies:write'], area: 'Policies' },
      nav: { label: 'Policies' },
    },
    {
      path: 'store-profile',
      screen: () => import('../routes/merchant/store-profile'),
      access: { anyOf: ['store:profile:read'], area: 'Store profile' },
      nav: { label: 'Store profile' },
    },
    {
      path: 'hubs',
      screen: () => import('../routes/merchant/hubs'),
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
      screen: () => import('../routes/merchant/notifications'),
      access: { open: "the member's own notifications; each was sent only to roles allowed to hear it" },
    },
    { path: 'account', screen: screens.account, access: { open: ownAccount } },
    // the old path of the account screen still opens it
    { path: 'change-password', screen: screens.account, access: { open: ownAccount } },
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
