import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { imageAt } from '../../../lib/images';
import { pluralize } from '../../../lib/plural';
import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { useOfficialOutlets } from '../api/get-official-outlets';
import { ProductCard } from './product-card';

/** Official outlets: each store with a few of its newest products. */
export function OfficialOutlets() {
  const outlets = useOfficialOutlets(4);
  return (
    <section aria-labelledby="outlets-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="outlets-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
          Official outlets
        </h2>
        <Link to="/merchants" className="text-sm font-semibold text-emerald-800 underline">
          All stores
        </Link>
      </div>
      {outlets.isPending ? (
        <div role="status" aria-label="Loading official outlets…" className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      ) : outlets.isError ? (
        <ErrorState title={CATALOG_MESSAGES.stores} onRetry={() => outlets.refetch()} />
      ) : outlets.data.length === 0 ? (
        <EmptyState title="No official outlets yet" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {outlets.data.map(({ store, products }) => (
            <li key={store.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <Link
                to={`/storefront/${store.storeUrl}`}
                className="mb-3 flex items-center gap-3 font-semibold text-slate-900 underline-offset-2 hover:underline"
              >
                {store.logo ? (
                  <img
                    src={imageAt(store.logo, 160)}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="h-10 w-10 rounded-full border border-slate-200 object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="grid h-10 w-10 place-items-center rounded-full bg-emerald-100 font-bold text-emerald-900"
                  >
                    {store.storeName.slice(0, 1)}
                  </span>
                )}
                <span>
                  {store.storeName}
                  <span className="block text-xs font-normal text-slate-700">
                    {pluralize(store.followersCount, 'follower')}
                  </span>
                </span>
              </Link>
              <ul
                aria-label={`Products of ${store.storeName}`}
                className="grid grid-cols-2 gap-2 sm:grid-cols-4"
              >
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} sizes="(min-width: 640px) 130px, 45vw" />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
