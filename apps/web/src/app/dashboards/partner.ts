import { type Dashboard, type LazyScreen, ownAccount } from './screens';

// A screen mounted at two paths (the old path, or a parcel's reference) is one import.
const screens = {
  account: () => import('../routes/partner/account'),
  scan: () => import('../routes/partner/scan'),
} satisfies Record<string, LazyScreen>;

/**
 * The shipping partner portal has no permission gate: a partner account is one company acting on the orders,
 * pickups and cash it carries, and the endpoints check which are its own.
 */
const partnerOwnWork =
  'every partner account: the portal has no roles, the endpoints answer only its own work';

export const partnerDashboard: Dashboard<never> = {
  base: 'shipping-partner',
  account: 'partner',
  layout: () => import('../layouts/partner-layout'),
  gated: false,
  screens: [
    {
      path: '',
      screen: () => import('../routes/partner/dashboard'),
      access: { open: partnerOwnWork },
      nav: { label: 'Dashboard', end: true },
    },
    {
      path: 'orders',
      screen: () => import('../routes/partner/orders'),
      access: { open: partnerOwnWork },
      nav: { label: 'Orders' },
    },
    {
      path: 'day',
      screen: () => import('../routes/partner/day'),
      access: { open: partnerOwnWork },
      nav: { label: 'My day' },
    },
    {
      path: 'scan',
      screen: screens.scan,
      access: { open: partnerOwnWork },
      nav: { label: 'Scan a parcel' },
    },
    { path: 'scan/:reference', screen: screens.scan, access: { open: partnerOwnWork } },
    {
      path: 'pickups',
      screen: () => import('../routes/partner/pickups'),
      access: { open: partnerOwnWork },
      nav: { label: 'Return pickups' },
    },
    {
      path: 'cash',
      screen: () => import('../routes/partner/cash'),
      access: { open: partnerOwnWork },
      nav: { label: 'Cash held' },
    },
    {
      path: 'hubs',
      screen: () => import('../routes/partner/hubs'),
      access: { open: partnerOwnWork },
      nav: { label: 'Hubs' },
    },
    { path: 'orders/:id', screen: () => import('../routes/partner/order'), access: { open: partnerOwnWork } },
    {
      path: 'notifications',
      screen: () => import('../routes/partner/notifications'),
      access: { open: partnerOwnWork },
    },
    { path: 'account', screen: screens.account, access: { open: ownAccount } },
    // the old path of the account screen still opens it
    { path: 'change-password', screen: screens.account, access: { open: ownAccount } },
  ],
};
