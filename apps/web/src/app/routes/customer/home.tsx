import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { DealRail } from '../../../features/catalog/components/deal-rail';
import { MarketplaceProducts } from '../../../features/catalog/components/marketplace-products';
import { OfficialOutlets } from '../../../features/catalog/components/official-outlets';
import { Promotions } from '../../../features/catalog/components/promotions';
import { TopCategories } from '../../../features/catalog/components/top-categories';
import { HomeTestimonials } from '../../../features/testimonials/components/home-testimonials';
import { useDocumentTitle } from '../../../lib/document-title';
import { displayName, useSession } from '../../../lib/session';

/** The marketplace front page: deals, categories, official outlets, promotions and the newest products. */
export function Component() {
  const session = useSession('customer');
  useDocumentTitle(undefined);
  return (
    <div className="space-y-10">
      <section className="rounded-xl bg-emerald-800 px-5 py-6 text-white sm:px-10 sm:py-8">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {session
            ? `Welcome back, ${displayName(session.user).split(' ')[0]}`
            : 'Shop from stores across Nigeria'}
        </h1>
        <p className="mt-2 max-w-xl text-emerald-50">
          Pay in naira, follow your favourite stores and get your orders delivered to your door.
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link to="/search" className={buttonClasses('secondary')}>
            Browse products
          </Link>
          <Link to="/merchants" className={buttonClasses('inverse')}>
            Find stores
          </Link>
        </div>
      </section>
      {/* The first rail is what a phone shows under the welcome: its first cards are the page's LCP images. */}
      <DealRail rail="super-deals" priorityCount={2} />
      {/*
        Each section below the first screen is its own Suspense boundary, so hydration (a transition, ADR 032)
        commits it as its own piece of work instead of the whole page in one long task on a slow phone.
      */}
      <Suspense fallback={null}>
        <TopCategories />
      </Suspense>
      <Suspense fallback={null}>
        <DealRail rail="super-discounted-offer" />
      </Suspense>
      <Suspense fallback={null}>
        <DealRail rail="daily-discount-offer" />
      </Suspense>
      <Suspense fallback={null}>
        <OfficialOutlets />
      </Suspense>
      <Suspense fallback={null}>
        <Promotions />
      </Suspense>
      <Suspense fallback={null}>
        <MarketplaceProducts />
      </Suspense>
      <Suspense fallback={null}>
        <HomeTestimonials />
      </Suspense>
    </div>
  );
}
