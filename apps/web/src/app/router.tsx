import type { AccountKind } from '@market/contracts';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { loginPath, segmentOf } from '../lib/account';
import { setSignedOutHandler } from '../lib/api-client';
import { queryClient } from './provider';
import { RouteError } from './routes/route-error';

// Every page and layout is its own chunk: a phone downloads only the area it opens.
const page = {
  login: () => import('./routes/auth/login'),
  signup: () => import('./routes/auth/signup'),
  forgotPassword: () => import('./routes/auth/forgot-password'),
  resetPassword: () => import('./routes/auth/reset-password'),
  confirmEmail: () => import('./routes/auth/confirm-email'),
  changePassword: () => import('./routes/change-password'),
  notFound: () => import('./routes/not-found'),
};

function authRoutes(kind: AccountKind): RouteObject[] {
  const segment = segmentOf(kind);
  const routes: RouteObject[] = [
    { path: `${segment}/login`, lazy: page.login },
    { path: `${segment}/forgot-password`, lazy: page.forgotPassword },
    { path: `${segment}/reset-password/:token`, lazy: page.resetPassword },
  ];
  if (kind !== 'admin') {
    routes.push(
      { path: `${segment}/signup`, lazy: page.signup },
      { path: `${segment}/confirm-email/:token`, lazy: page.confirmEmail },
    );
  }
  return routes;
}

// The theme editor (issue 10). Both trees of the specification serve the same screens.
const themes = {
  catalogue: () => import('./routes/themes/catalogue'),
  edit: () => import('./routes/themes/edit'),
  preview: () => import('./routes/themes/preview'),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      {
        lazy: () => import('./layouts/auth-layout'),
        children: (['customer', 'merchant', 'admin', 'partner'] as const).flatMap(authRoutes),
      },
      {
        lazy: () => import('./layouts/customer-layout'),
        children: [
          { index: true, lazy: () => import('./routes/customer/home') },
          { path: 'customer', element: <Navigate to="/" replace /> },
          { path: 'customer/change-password', lazy: page.changePassword },
          // customer catalog (issue 3)
          { path: 'search', lazy: () => import('./routes/customer/search') },
          { path: 'categories/:categoryId', lazy: () => import('./routes/customer/category') },
          { path: 'products/:productId', lazy: () => import('./routes/customer/product') },
          { path: 'merchants', lazy: () => import('./routes/customer/merchants') },
          { path: 'account/following', lazy: () => import('./routes/customer/following') },
          { path: 'account/profile', lazy: () => import('./routes/customer/profile') },
          { path: 'account/testimonial', lazy: () => import('./routes/customer/testimonial') },
          {
            path: 'customer/confirm-email-change/:token',
            lazy: () => import('./routes/customer/confirm-email-change'),
          },
          { path: 'contact-us', lazy: () => import('./routes/customer/contact-us') },
          // cart, checkout and payment (issue 4, customers)
          { path: 'cart', lazy: () => import('./routes/customer/cart') },
          { path: 'checkout', lazy: () => import('./routes/customer/checkout') },
          { path: 'checkout/complete', lazy: () => import('./routes/customer/checkout-complete') },
          { path: 'account/orders', lazy: () => import('./routes/customer/orders') },
          { path: 'account/notifications', lazy: () => import('./routes/customer/notifications') },
          { path: 'account/orders/:id', lazy: () => import('./routes/customer/order') },
          { path: 'account/orders/:id/return', lazy: () => import('./routes/customer/order-return') },
          { path: 'account/addresses', lazy: () => import('./routes/customer/addresses') },
          { path: 'account/gift-cards', lazy: () => import('./routes/customer/my-gift-cards') },
          { path: 'gift-cards', lazy: () => import('./routes/customer/gift-cards') },
          { path: 'customer/gift-cards', lazy: () => import('./routes/customer/gift-card-complete') },
          {
            path: 'storefront/:merchantUrl',
            lazy: () => import('./routes/storefront/layout'),
            children: [
              { index: true, lazy: () => import('./routes/storefront/home') },
              { path: 'categories/:categoryParam', lazy: () => import('./routes/storefront/category') },
              { path: 'products/:productId', lazy: () => import('./routes/storefront/product') },
            ],
          },
        ],
      },
      {
        path: 'merchant',
        lazy: () => import('./layouts/merchant-layout'),
        children: [
          { index: true, lazy: () => import('./routes/merchant/dashboard') },
          { path: 'onboarding', lazy: () => import('./routes/merchant/onboarding') },
          { path: 'products', lazy: () => import('./routes/merchant/products') },
          { path: 'products/new', lazy: () => import('./routes/merchant/product-new') },
          { path: 'products/low-stock', lazy: () => import('./routes/merchant/low-stock') },
          { path: 'products/:id/edit', lazy: () => import('./routes/merchant/product-edit') },
          { path: 'collections', lazy: () => import('./routes/merchant/collections') },
          { path: 'orders', lazy: () => import('./routes/merchant/orders') },
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
          { path: 'payouts', lazy: () => import('./routes/merchant/payouts') },
          { path: 'policies', lazy: () => import('./routes/merchant/policies') },
          { path: 'bank-account', lazy: () => import('./routes/merchant/bank-account') },
          { path: 'subscription', lazy: () => import('./routes/merchant/subscription') },
          { path: 'store-profile', lazy: () => import('./routes/merchant/store-profile') },
          { path: 'hubs', lazy: () => import('./routes/merchant/hubs') },
          { path: 'themes', lazy: themes.catalogue },
          { path: 'themes/edit/:themeSlug', lazy: themes.edit },
          { path: 'change-password', lazy: page.changePassword },
        ],
      },
      {
        // the theme editor of the specification's static and dynamic routes; merchants only
        path: 'themes',
        lazy: () => import('./layouts/merchant-layout'),
        children: [
          { index: true, lazy: themes.catalogue },
          { path: 'default', lazy: themes.catalogue },
          { path: 'edit/:themeSlug', lazy: themes.edit },
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
          { path: 'orders/partners', lazy: () => import('./routes/admin/orders-partners') },
          { path: 'orders/pickups', lazy: () => import('./routes/admin/orders-pickups') },
          { path: 'orders/:id', lazy: () => import('./routes/admin/order') },
          { path: 'hubs', lazy: () => import('./routes/admin/hubs') },
          { path: 'returns', lazy: () => import('./routes/admin/returns') },
          { path: 'returns/all', lazy: () => import('./routes/admin/returns') },
          { path: 'returns/refunds', lazy: () => import('./routes/admin/refund-requests') },
          { path: 'returns/card-disputes', lazy: () => import('./routes/admin/card-disputes') },
          { path: 'returns/:id', lazy: () => import('./routes/admin/return') },
          { path: 'payouts', lazy: () => import('./routes/admin/payouts') },
          { path: 'payouts/categories', lazy: () => import('./routes/admin/payouts-categories') },
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
          { path: 'change-password', lazy: page.changePassword },
        ],
      },
      {
        path: 'shipping-partner',
        lazy: () => import('./layouts/partner-layout'),
        children: [
          { index: true, lazy: () => import('./routes/partner/dashboard') },
          { path: 'orders', lazy: () => import('./routes/partner/orders') },
          { path: 'pickups', lazy: () => import('./routes/partner/pickups') },
          { path: 'notifications', lazy: () => import('./routes/partner/notifications') },
          { path: 'orders/:id', lazy: () => import('./routes/partner/order') },
          { path: 'hubs', lazy: () => import('./routes/partner/hubs') },
          { path: 'change-password', lazy: page.changePassword },
        ],
      },
      { path: '*', lazy: page.notFound },
    ],
  },
];

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** The browser's router; on a server-rendered page the matched lazy routes are loaded first (main.tsx). */
export function createAppRouter(): BrowserRouter {
  const router = createBrowserRouter(routes);
  // A failed refresh has already forgotten the session: drop its cached data and go to its sign-in page.
  setSignedOutHandler((kind) => {
    queryClient.removeQueries({ queryKey: ['session', kind] });
    if (kind === 'admin') queryClient.removeQueries({ queryKey: ['admins'] });
    const { pathname, search } = router.state.location;
    void router.navigate(loginPath(kind, `${pathname}${search}`), { replace: true });
  });
  return router;
}

/**
 * Loads the lazy route modules the URL matches, into the route objects, so the router starts initialised and
 * hydration renders the page the server rendered instead of the fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as Partial<RouteObject>;
      const keys = ['Component', 'ErrorBoundary', 'HydrateFallback', 'handle'] as const;
      for (const key of keys) if (module[key] !== undefined) Object.assign(route, { [key]: module[key] });
      route.lazy = undefined;
    }),
  );
}

export function AppRouter({ router }: { router: BrowserRouter }) {
  return <RouterProvider router={router} />;
}
