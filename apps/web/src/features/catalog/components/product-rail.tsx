import type { CustomerProduct } from '@market/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ProductCard, ProductCardSkeleton, type ProductHref } from './product-card';

interface ProductRailProps {
  title: string;
  products: CustomerProduct[] | undefined;
  isPending: boolean;
  isError: boolean;
  errorMessage: string;
  emptyMessage: string;
  onRetry(): void;
  seeAllTo?: string;
  href?: ProductHref;
  /** Cards of the first rail a phone shows: their images load first; the rest stay lazy. */
  priorityCount?: number;
}

/** A titled row of product cards that scrolls sideways on phones. */
export function ProductRail({
  title,
  products,
  isPending,
  isError,
  errorMessage,
  emptyMessage,
  onRetry,
  seeAllTo,
  href,
  priorityCount = 0,
}: ProductRailProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900 sm:text-xl">
          {title}
        </h2>
        {seeAllTo ? (
          <Link to={seeAllTo} className="text-sm font-semibold text-emerald-800 underline">
            See all<span className="sr-only"> {title.toLowerCase()}</span>
          </Link>
        ) : null}
      </div>
      {isPending ? (
        <div
          role="status"
          aria-label={`Loading ${title.toLowerCase()}…`}
          className="flex gap-3 overflow-hidden"
        >
          {[0, 1, 2, 3, 4].map((index) => (
            <div key={index} className="w-36 shrink-0 sm:w-44">
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      ) : isError ? (
        <ErrorState title={errorMessage} onRetry={onRetry} />
      ) : !products?.length ? (
        <EmptyState title={emptyMessage} />
      ) : (
        <ul
          aria-labelledby={headingId}
          className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:scroll-px-0 sm:px-0"
        >
          {products.map((product, index) => (
            <li key={product.id} className="w-36 shrink-0 snap-start sm:w-44">
              <ProductCard
                product={product}
                href={href}
                sizes="(min-width: 640px) 176px, 144px"
                priority={index < priorityCount}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
