import type { AdminPermission } from '@market/contracts';
import { type Dashboard, everyMember, type LazyScreen, ownAccount } from './screens';

// A screen mounted at two paths is one import.
const screens = {
  orders: () => import('../routes/admin/orders-all'),
  returns: () => import('../routes/admin/returns'),
} satisfies Record<string, LazyScreen>;

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
  layout: () => import('../layouts/admin-layout'),
  gated: true,
  screens: [
    {
      path: '',
      screen: () => import('../routes/admin/dashboard'),
      access: { open: everyMember },
      nav: { label: 'Dashboard', end: true },
    },
    {
      path: 'approvals',
      screen: () => import('../routes/admin/approvals-products'),
      access: { anyOf: ['approvals:products'], area: 'Approvals' },
      nav: { label: 'Approvals' },
      tab: { bar: 'approvals', label: 'Products' },
    },
    {
      path: 'approvals/stores',
      screen: () => import('../routes/admin/approvals-stores'),
      access: storeApprovals,
      tab: { bar: 'approvals', label: 'Stores' },
    },
    {
      path: 'approvals/stores/:id',
      screen: () => import('../routes/admin/approval-store'),
      access: storeApprovals,
    },
    {
      path: 'approvals/approvers',
      screen: () => import('../routes/admin/approvers'),
      // The store approvers (GET /stores/admin/approvers asks approvals:stores); approvals:partners is the desk of
      // shipping partners, which this screen never shows.
      access: { anyOf: ['approvals:stores'], area: 'Approvers' },
      tab: { bar: 'approvals', label: 'Approvers' },
    },
    {
      path: 'catalog',
      screen: () => import('../routes/admin/catalog-categories'),
      access: { anyOf: ['catalog:categories'], area: 'Catalog' },
      nav: { label: 'Catalog' },
      tab: { bar: 'catalog', label: 'Categories' },
    },
    {
      path: 'catalog/promotions',
      screen: () => import('../routes/admin/catalog-promotions'),
      access: { anyOf: ['catalog:promotions'], area: 'Promotions' },
      tab: { bar: 'catalog', label: 'Promotions' },
    },
    {
      path: 'catalog/outlets',
      screen: () => import('../routes/admin/catalog-outlets'),
      access: { anyOf: ['catalog:promotions'], area: 'Official outlets' },
      tab: { bar: 'catalog', label: 'Official outlets' },
    },
    {
      path: 'orders',
      screen: () => import('../routes/admin/orders-queue'),
      access: { anyOf: assign, area: 'Orders' },
      nav: { label: 'Orders' },
      tab: { bar: 'orders', label: 'Assignment queue' },
    },
    {
      path: 'orders/pickups',
      screen: () => import('../routes/admin/orders-pickups'),
      access: { anyOf: assign, area: 'Return pickups' },
      tab: { bar: 'orders', label: 'Return pickups' },
    },
    {
      path: 'orders/all',
      screen: screens.orders,
      access: { anyOf: ['orders:read-all'], area: 'All orders' },
      tab: { bar: 'orders', label: 'All orders' },
    },
    {
      path: 'orders/search',
      screen: () => import('../routes/admin/orders-search'),
      access: { anyOf: ['orders:read-all'], area: 'Search orders' },
      tab: { bar: 'orders', label: 'Search' },
    },
    {
      path: 'orders/mine',
      screen: screens.orders,
      access: { anyOf: carry, area: 'My deliveries' },
      tab: { bar: 'orders', label: 'My deliveries' },
    },
    {
      path: 'orders/day',
      screen: () => import('../routes/admin/orders-day'),
      access: { anyOf: carry, area: 'My day' },
      tab: { bar: 'orders', label: 'My day' },
    },
    {
      path: 'orders/cash',
      screen: () => import('../routes/admin/orders-cash'),
      access: { anyOf: carry, area: 'Cash held' },
      tab: { bar: 'orders', label: 'Cash held' },
    },
    {
      path: 'orders/partners',
      screen: () => import('../routes/admin/orders-partners'),
      access: { anyOf: ['approvals:partners'], area: 'Shipping partners' },
      tab: { bar: 'orders', label: 'Shipping partners' },
    },
    {
      path: 'orders/service-levels',
      screen: () => import('../routes/admin/orders-service-levels'),
      access: { anyOf: ['service-levels:manage'], area: 'Service-level limits' },
      tab: { bar: 'orders', label: 'Service levels' },
    },
    {
      path: 'orders/:id',
      screen: () => import('../routes/admin/order'),
      access: { anyOf: ['orders:read-all', 'orders:carry'], area: 'this order' },
    },
    {
      path: 'hubs',
      screen: () => import('../routes/admin/hubs'),
      // Two desks share the screen: hub applications (approvals:hubs) and the hubs themselves (hubs:manage).
      access: { anyOf: ['approvals:hubs', 'hubs:manage'], area: 'Hubs' },
      nav: { label: 'Hubs' },
    },
    {
      path: 'merchants',
      screen: () => import('../routes/admin/merchants'),
      access: merchants,
      nav: { label: 'Merchants' },
    },
    {
      path: 'merchants/:id',
      screen: () => import('../routes/admin/merchant'),
      access: merchants,
    },
    {
      path: 'returns',
      screen: screens.returns,
      access: adminReturns,
      nav: { label: 'Returns' },
      tab: { bar: 'returns', label: 'Disputed returns' },
    },
    {
      path: 'returns/all',
      screen: screens.returns,
      access: adminReturns,
      tab: { bar: 'returns', label: 'All returns' },
    },
    {
      path: 'returns/refunds',
      screen: () => import('../routes/admin/refund-requests'),
      access: adminReturns,
      tab: { bar: 'returns', label: 'Refund requests' },
    },
    {
      // Its route was lost when the dashboards' routes left router.tsx; `returns/:id` took the tab for a return.
      path: 'returns/card-disputes',
      screen: () => import('../routes/admin/card-disputes'),
      access: adminReturns,
      tab: { bar: 'returns', label: 'Card disputes' },
    },
    {
      path: 'returns/:id',
      screen: () => import('../routes/admin/return'),
      access: adminReturns,
    },
    {
      path: 'finance',
      screen: () => import('../routes/admin/finance'),
      access: { anyOf: ['finance:read'], area: 'Finance' },
      nav: { label: 'Finance' },
      tab: { bar: 'finance', label: 'Finance report' },
    },
    {
      path: 'finance/transactions',
      screen: () => import('../routes/admin/finance-transactions'),
      access: transactions,
      tab: { bar: 'finance', label: 'Transactions' },
    },
    {
      path: 'finance/transactions/:id',
      screen: () => import('../routes/admin/finance-transaction'),
      access: transactions,
    },
    {
      path: 'payouts',
      screen: () => import('../routes/admin/payouts'),
      access: payouts,
      nav: { label: 'Payouts' },
      tab: { bar: 'payouts', label: 'Payouts' },
    },
    {
      path: 'payouts/categories',
      screen: () => import('../routes/admin/payouts-categories'),
      access: payouts,
      tab: { bar: 'payouts', label: 'Payment categories' },
    },
    {
      path: 'payouts/reconciliation',
      screen: () => import('../routes/admin/payouts-reconciliation'),
      access: payouts,
      tab: { bar: 'payouts', label: 'Reconciliation' },
    },
    {
      path: 'payouts/pay-on-delivery',
      screen: () => import('../routes/admin/payouts-pay-on-delivery'),
      access: payouts,
      tab: { bar: 'payouts', label: 'Pay on delivery' },
    },
    {
      path: 'shipping',
      screen: () => import('../routes/admin/shipping-zones'),
      access: shipping,
      nav: { label: 'Shipping' },
      tab: { bar: 'shipping', label: 'Zones' },
    },
    {
      path: 'shipping/pricing',
      screen: () => import('../routes/admin/shipping-pricing'),
      access: shipping,
      tab: { bar: 'shipping', label: 'Pricing' },
    },
    {
      path: 'shipping/vehicles',
      screen: () => import('../routes/admin/shipping-vehicles'),
      access: shipping,
      tab: { bar: 'shipping', label: 'Vehicles' },
    },
    {
      path: 'gift-cards',
      screen: () => import('../routes/admin/gift-cards-analytics'),
      access: giftCards,
      nav: { label: 'Gift cards' },
      tab: { bar: 'gift-cards', label: 'Analytics' },
    },
    {
      path: 'gift-cards/cards',
      screen: () => import('../routes/admin/gift-cards-list'),
      access: giftCards,
      tab: { bar: 'gift-cards', label: 'Cards' },
    },
    {
      path: 'gift-cards/activities',
      screen: () => import('../routes/admin/gift-cards-activities'),
      access: giftCards,
      tab: { bar: 'gift-cards', label: 'Activities' },
    },
    {
      path: 'plans',
      screen: () => import('../routes/admin/plans'),
      access: { anyOf: ['plans:manage'], area: 'Plans' },
      nav: { label: 'Plans' },
    },
    {
      path: 'reviews',
      screen: () => import('../routes/admin/reviews'),
      access: { anyOf: ['reviews:moderate'], area: 'Reviews' },
      nav: { label: 'Reviews' },
      tab: { bar: 'community', label: 'Reviews' },
    },
    {
      path: 'testimonials',
      screen: () => import('../routes/admin/testimonials'),
      access: { anyOf: ['testimonials:moderate'], area: 'Testimonials' },
      tab: { bar: 'community', label: 'Testimonials' },
    },
    {
      path: 'contact',
      screen: () => import('../routes/admin/contact-messages'),
      access: { anyOf: ['contact:read'], area: 'Contact messages' },
      tab: { bar: 'community', label: 'Contact messages' },
    },
    {
      path: 'admins',
      screen: () => import('../routes/admin/admins'),
      access: admins,
      nav: { label: 'Admins' },
    },
    {
      path: 'admins/new',
      screen: () => import('../routes/admin/admin-new'),
      access: admins,
    },
    {
      path: 'admins/:id/edit',
      screen: () => import('../routes/admin/admin-edit'),
      access: admins,
    },
    {
      path: 'roles',
      screen: () => import('../routes/admin/roles'),
      access: { anyOf: ['admins:manage'], area: 'Roles' },
      nav: { label: 'Roles' },
    },
    {
      path: 'audit',
      screen: () => import('../routes/admin/audit'),
      access: { anyOf: ['audit:read'], area: 'Audit trail' },
      nav: { label: 'Audit trail' },
    },
    {
      path: 'data-rights',
      screen: () => import('../routes/admin/data-rights'),
      access: { anyOf: ['data-rights:act'], area: 'Data requests' },
      nav: { label: 'Data requests' },
    },
    {
      path: 'notifications',
      screen: () => import('../routes/admin/notifications'),
      access: { open: "the admin's own notifications; each was sent only to roles allowed to hear it" },
    },
    {
      path: 'change-password',
      screen: () => import('../routes/change-password'),
      access: { open: ownAccount },
    },
  ],
};
