import type { RouteObject } from 'react-router';

/**
 * The dashboards' routes (merchant, theme editor, admin, shipping partner): added to the router the first time a
 * path under them is opened (`patchRoutesOnNavigation` in `router.tsx`), so that the route table every public page
 * downloads with the router stays the public one (ADR 056). Each screen is still its own `dash-…` chunk.
 */
const changePassword = () => import('./routes/change-password');
// A role without a screen's permission sees why instead of the screen (./route-access).
const permissionGate = () => import('./route-access');

// The theme editor (issue 10). Both trees of the specification serve the same screens.
const themes = {
  catalogue: () => import('./routes/themes/catalogue'),
  edit: () => import('./routes/themes/edit'),
  preview: () => import('./routes/themes/preview'),
};

export const dashboardRoutes: RouteObject[] = [
  {
    path: 'merchant',
    lazy: () => import('./layouts/merchant-layout'),
    children: [
      {
        lazy: permissionGate,
        children: [
          { index: true, lazy: () => import('./routes/merchant/dashboard') },
          { path: 'onboarding', lazy: () => import('./routes/merchant/onboarding') },
          { path: 'products', lazy: () => import('./routes/merchant/products') },
          { path: 'products/new', lazy: () => import('./routes/merchant/product-new') },
          { path: 'products/low-stock', lazy: () => import('./routes/merchant/low-stock') },
          { path: 'products/saved', lazy: () => import('./routes/merchant/saved-products') },
          { path: 'products/spreadsheet', lazy: () => import('./routes/merchant/catalogue-spreadsheet') },
          { path: 'products/:id/edit', lazy: () => import('./routes/merchant/product-edit') },
          { path: 'collections', lazy: () => import('./routes/merchant/collections') },
          { path: 'orders', lazy: () => import('./routes/merchant/orders') },
          { path: 'orders/labels', lazy: () => import('./routes/merchant/order-labels') },
          { path: 'notifications', lazy: () => import('./routes/merchant/notifications') },
          { path: 'orders/:id', lazy: () => import('./routes/merchant/order') },
          { path: 'returns', lazy: () => import('./routes/merchant/returns') },
          { path: 'returns/:id', lazy: () => import('./routes/merchant/return') },
          { path: 'coupons', lazy: () => import('./routes/merchant/coupons') },
          { path: 'coupons/new', lazy: () => import('./routes/merchant/coupon-new') },
          { path: 'coupons/:id/edit', lazy: () => import('./routes/merchant/coupon-edit') },
          { path: 'reports', lazy: () => import('./routes/merchant/reports') },
          { path: 'payment-report', lazy: () => import('./routes/merchant/payment-report') },
          { path: 'reviews', lazy: () => import('./routes/merchant/reviews') },
          { path: 'staff', lazy: () => import('./routes/merchant/staff') },
          { path: 'audit', lazy: () => import('./routes/merchant/audit') },
          { path: 'payouts', lazy: () => import('./routes/merchant/payouts') },
          { path: 'policies', lazy: () => import('./routes/merchant/policies') },
          { path: 'bank-account', lazy: () => import('./routes/merchant/bank-account') },
          { path: 'subscription', lazy: () => import('./routes/merchant/subscription') },
          {
            path: 'subscription/invoices/:id',
            lazy: () => import('./routes/merchant/subscription-invoice'),
          },
          { path: 'store-profile', lazy: () => import('./routes/merchant/store-profile') },
          { path: 'hubs', lazy: () => import('./routes/merchant/hubs') },
          { path: 'themes', lazy: themes.catalogue },
          { path: 'themes/edit/:themeSlug', lazy: themes.edit },
          // the staff member's own account: password and data rights (ADR 073); the old path still opens it
          { path: 'account', lazy: () => import('./routes/merchant/account') },
          { path: 'change-password', lazy: () => import('./routes/merchant/account') },
        ],
      },
    ],
  },
  {
    // the theme editor of the specification's static and dynamic routes; merchants only
    path: 'themes',
    lazy: () => import('./layouts/merchant-layout'),
    children: [
      {
        lazy: permissionGate,
        children: [
          { index: true, lazy: themes.catalogue },
          { path: 'default', lazy: themes.catalogue },
          { path: 'edit/:themeSlug', lazy: themes.edit },
        ],
      },
    ],
  },
  // full-screen previews of a theme with the merchant's own products (no dashboard around them)
  { path: 'merchant/themes/preview/:themeSlug', lazy: themes.preview },
  { path: 'themes/preview/:themeSlug', lazy: themes.preview },
  { path: 'themes/preview/:themeSlug/:pageSlug', lazy: themes.preview },
  {
    path: 'admin',
    lazy: () => import('./layouts/admin-layout'),
    children: [
      {
        lazy: permissionGate,
        children: [
          { index: true, lazy: () => import('./routes/admin/dashboard') },
          { path: 'approvals', lazy: () => import('./routes/admin/approvals-products') },
          { path: 'approvals/stores', lazy: () => import('./routes/admin/approvals-stores') },
          { path: 'approvals/stores/:id', lazy: () => import('./routes/admin/approval-store') },
          { path: 'approvals/approvers', lazy: () => import('./routes/admin/approvers') },
          { path: 'merchants', lazy: () => import('./routes/admin/merchants') },
          { path: 'merchants/:id', lazy: () => import('./routes/admin/merchant') },
          { path: 'catalog', lazy: () => import('./routes/admin/catalog-categories') },
          { path: 'catalog/promotions', lazy: () => import('./routes/admin/catalog-promotions') },
          { path: 'catalog/outlets', lazy: () => import('./routes/admin/catalog-outlets') },
          { path: 'orders', lazy: () => import('./routes/admin/orders-queue') },
          { path: 'notifications', lazy: () => import('./routes/admin/notifications') },
          { path: 'orders/all', lazy: () => import('./routes/admin/orders-all') },
          { path: 'orders/mine', lazy: () => import('./routes/admin/orders-all') },
          { path: 'orders/day', lazy: () => import('./routes/admin/orders-day') },
          { path: 'orders/partners', lazy: () => import('./routes/admin/orders-partners') },
          { path: 'orders/search', lazy: () => import('./routes/admin/orders-search') },
          { path: 'orders/service-levels', lazy: () => import('./routes/admin/orders-service-levels') },
          { path: 'orders/pickups', lazy: () => import('./routes/admin/orders-pickups') },
          { path: 'orders/cash', lazy: () => import('./routes/admin/orders-cash') },
          { path: 'orders/:id', lazy: () => import('./routes/admin/order') },
          { path: 'hubs', lazy: () => import('./routes/admin/hubs') },
          { path: 'returns', lazy: () => import('./routes/admin/returns') },
          { path: 'returns/all', lazy: () => import('./routes/admin/returns') },
          { path: 'returns/refunds', lazy: () => import('./routes/admin/refund-requests') },
          { path: 'returns/:id', lazy: () => import('./routes/admin/return') },
          { path: 'payouts', lazy: () => import('./routes/admin/payouts') },
          { path: 'payouts/categories', lazy: () => import('./routes/admin/payouts-categories') },
          { path: 'payouts/reconciliation', lazy: () => import('./routes/admin/payouts-reconciliation') },
          { path: 'payouts/pay-on-delivery', lazy: () => import('./routes/admin/payouts-pay-on-delivery') },
          { path: 'finance', lazy: () => import('./routes/admin/finance') },
          { path: 'finance/transactions', lazy: () => import('./routes/admin/finance-transactions') },
          { path: 'finance/transactions/:id', lazy: () => import('./routes/admin/finance-transaction') },
          { path: 'shipping', lazy: () => import('./routes/admin/shipping-zones') },
          { path: 'shipping/pricing', lazy: () => import('./routes/admin/shipping-pricing') },
          { path: 'shipping/vehicles', lazy: () => import('./routes/admin/shipping-vehicles') },
          { path: 'gift-cards', lazy: () => import('./routes/admin/gift-cards-analytics') },
          { path: 'gift-cards/cards', lazy: () => import('./routes/admin/gift-cards-list') },
          { path: 'gift-cards/activities', lazy: () => import('./routes/admin/gift-cards-activities') },
          { path: 'plans', lazy: () => import('./routes/admin/plans') },
          { path: 'reviews', lazy: () => import('./routes/admin/reviews') },
          { path: 'testimonials', lazy: () => import('./routes/admin/testimonials') },
          { path: 'contact', lazy: () => import('./routes/admin/contact-messages') },
          { path: 'admins', lazy: () => import('./routes/admin/admins') },
          { path: 'admins/new', lazy: () => import('./routes/admin/admin-new') },
          { path: 'admins/:id/edit', lazy: () => import('./routes/admin/admin-edit') },
          { path: 'roles', lazy: () => import('./routes/admin/roles') },
          { path: 'audit', lazy: () => import('./routes/admin/audit') },
          { path: 'data-rights', lazy: () => import('./routes/admin/data-rights') },
          { path: 'change-password', lazy: changePassword },
        ],
      },
    ],
  },
  {
    path: 'shipping-partner',
    lazy: () => import('./layouts/partner-layout'),
    children: [
      { index: true, lazy: () => import('./routes/partner/dashboard') },
      { path: 'orders', lazy: () => import('./routes/partner/orders') },
      { path: 'day', lazy: () => import('./routes/partner/day') },
      { path: 'notifications', lazy: () => import('./routes/partner/notifications') },
      { path: 'pickups', lazy: () => import('./routes/partner/pickups') },
      { path: 'cash', lazy: () => import('./routes/partner/cash') },
      { path: 'orders/:id', lazy: () => import('./routes/partner/order') },
      { path: 'scan', lazy: () => import('./routes/partner/scan') },
      { path: 'scan/:reference', lazy: () => import('./routes/partner/scan') },
      { path: 'hubs', lazy: () => import('./routes/partner/hubs') },
      // the partner's own account: password and data rights (ADR 073); the old path still opens it
      { path: 'account', lazy: () => import('./routes/partner/account') },
      { path: 'change-password', lazy: () => import('./routes/partner/account') },
    ],
  },
];
