import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { AccountMenu, GuestMenu } from '../../components/layout/account-menu';
import { Brand } from '../../components/layout/brand';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { SkipLink } from '../../components/layout/skip-link';
import { buttonClasses } from '../../components/ui/button';
import { useSignOut } from '../../features/auth/api/logout';
import { MiniCart } from '../../features/cart/components/mini-cart';
import { SearchBox } from '../../features/catalog/components/search-box';
import { displayName, useSession } from '../../lib/session';

// Loaded only for a signed-in customer, after the page: public pages never carry it (ADR 056's budget).
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

const customerLinks = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/wishlist', label: 'Wishlist' },
  { to: '/account/notifications', label: 'Notifications' },
  { to: '/account/gift-cards', label: 'Gift cards' },
  { to: '/account/addresses', label: 'Addresses' },
  { to: '/account/following', label: 'Stores you follow' },
] as const;

/** Shown in the header on wide screens; on a phone they are the first entries of its menu. */
const headerLinks = [{ to: '/merchants', label: 'Stores' }] as const;

/** The customer marketplace: header with the account menu, page, footer. Storefronts share it. */
export function Component() {
  const session = useSession('customer');
  const signOut = useSignOut('customer');
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        {/* One row on a phone (at most 64 px): logo, search, cart and a menu that carries Stores and the account. */}
        <div className="mx-auto flex max-w-6xl items-center gap-1.5 px-4 py-2 sm:justify-between sm:gap-2">
          <Brand compact />
          <div className="min-w-0 flex-1 sm:max-w-xl">
            <SearchBox />
          </div>
          <nav aria-label="Account" className="flex shrink-0 items-center gap-1.5 sm:gap-2">
            <span className="hidden md:contents">
              {headerLinks.map((link) => (
                <Link key={link.to} to={link.to} className={buttonClasses('ghost', 'px-3')}>
                  {link.label}
                </Link>
              ))}
            </span>
            <MiniCart />
            {session ? (
              <Suspense fallback={null}>
                <NotificationBell kind="customer" />
              </Suspense>
            ) : null}
            {session ? (
              <AccountMenu
                name={displayName(session.user)}
                changePasswordTo="/customer/change-password"
                onSignOut={signOut}
                links={customerLinks}
                phoneLinks={headerLinks}
              />
            ) : (
              <>
                <span className="hidden gap-2 md:flex">
                  <Link to="/customer/login" className={buttonClasses('ghost', 'px-3')}>
                    Sign in
                  </Link>
                  <Link to="/customer/signup" className={buttonClasses('primary', 'px-3')}>
                    Sign up
                  </Link>
                </span>
                <span className="md:hidden">
                  <GuestMenu links={headerLinks} signInTo="/customer/login" signUpTo="/customer/signup" />
                </span>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:justify-between">
          <p>© {new Date().getFullYear()} Naija Market. Prices in naira.</p>
          <nav aria-label="Other accounts" className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to="/merchants" className="underline">
              Stores
            </Link>
            <Link to="/account/following" className="underline">
              Stores you follow
            </Link>
            <Link to="/gift-cards" className="underline">
              Gift cards
            </Link>
            <Link to="/contact-us" className="underline">
              Contact us
            </Link>
            <Link to="/merchant/signup" className="underline">
              Sell on Naija Market
            </Link>
            <Link to="/shipping-partner/signup" className="underline">
              Deliver with us
            </Link>
            <Link to="/merchant/login" className="underline">
              Merchant sign in
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
