import type { AccountKind } from '@market/contracts';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { Announcer, RouteFocus } from '../components/layout/announcer';
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

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: (
      <>
        <Outlet />
        <RouteFocus />
        <Announcer />
      </>
    ),
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
          { path: 't/:token', lazy: () => import('./routes/customer/track') },
          { path: 'contact-us/confirm/:token', lazy: () => import('./routes/customer/contact-confirm') },
          // cart, checkout and payment (issue 4, customers)
          { path: 'cart', lazy: () => import('./routes/customer/cart') },
          { path: 'checkout', lazy: () => import('./routes/customer/checkout') },
          { path: 'checkout/complete', lazy: () => import('./routes/customer/checkout-complete') },
          { path: 'account/orders', lazy: () => import('./routes/customer/orders') },
          { path: 'account/notifications', lazy: () => import('./routes/customer/notifications') },
          { path: 'account/orders/:id', lazy: () => import('./routes/customer/order') },
          { path: 'account/orders/:id/return', lazy: () => import('./routes/customer/order-return') },
          { path: 'account/addresses', lazy: () => import('./routes/customer/addresses') },
          { path: 'account/wishlist', lazy: () => import('./routes/customer/wishlist') },
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
              { path: 'reviews', lazy: () => import('./routes/storefront/reviews') },
            ],
          },
        ],
      },
      { path: '*', lazy: page.notFound },
    ],
  },
];

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Paths of the dashboards, whose routes are not in `routes` until one of them is opened (`dashboard-routes.ts`). */
const dashboardPath = /^\/(merchant|admin|shipping-partner|themes)(\/|$)/;

/**
 * The browser's router; on a server-rendered page the matched lazy routes are loaded first (main.tsx), and
 * `serverRendered` says so: the router then starts on the server's match as it is, without first asking whether
 * the dashboards' routes would match better.
 */
export function createAppRouter({ serverRendered = false } = {}): BrowserRouter {
  let dashboardsAdded = false;
  const router = createBrowserRouter(routes, {
    hydrationData: serverRendered ? {} : undefined,
    // A path the public table leaves to its catch-all (or a dynamic segment) is first offered here: under a
    // dashboard, its routes are loaded and added, then the path is matched again.
    async patchRoutesOnNavigation({ path, patch, signal }) {
      if (dashboardsAdded || !dashboardPath.test(path)) return;
      const { dashboardRoutes } = await import('./dashboard-routes');
      if (dashboardsAdded || signal.aborted) return;
      patch('root', dashboardRoutes);
      dashboardsAdded = true;
    },
  });
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
