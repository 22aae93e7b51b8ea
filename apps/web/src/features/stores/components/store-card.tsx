import type { StoreCard as StoreCardData } from '@market/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { imageAt } from '../../../lib/images';
import { pluralize } from '../../../lib/plural';

export function StoreLogo({ logo, name, size = 48 }: { logo: string | null; name: string; size?: number }) {
  return logo ? (
    <img
      src={imageAt(logo, 160)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={{ width: size, height: size }}
      className="shrink-0 rounded-full border border-slate-200 bg-white object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="grid shrink-0 place-items-center rounded-full bg-emerald-100 text-lg font-bold text-emerald-900"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** A store in a list: logo, name, place and counts, linking to its storefront. */
export function StoreCard({ store, action }: { store: StoreCardData; action?: ReactNode }) {
  return (
    <article className="relative flex h-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <StoreLogo logo={store.logo} name={store.storeName} />
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-slate-900">
          <Link to={`/storefront/${store.storeUrl}`} className="underline-offset-2 hover:underline">
            {store.storeName}
          </Link>
        </h3>
        <p className="text-xs text-slate-700">
          {[
            store.state,
            pluralize(store.followersCount, 'follower'),
            pluralize(store.productsCount, 'product'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {action}
    </article>
  );
}

export function StoreCardSkeleton() {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <Skeleton className="h-12 w-12 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}
