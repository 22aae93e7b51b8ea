import type { CustomerProduct } from '@market/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RatingText } from '../../../components/ui/rating-text';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { productQueryOptions } from '../api/get-product';
import { ProductPrice } from './product-price';
import { initialVariant, priceOf } from './variants';

export type ProductHref = (product: CustomerProduct) => string;
export const marketplaceProductHref: ProductHref = (product) => `/products/${product.id}`;

/** Card sizes: half the screen on phones, a third or a quarter of 72rem on wider screens. */
const GRID_SIZES = '(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw';

export function ProductCard({
  product,
  href = marketplaceProductHref,
  sizes = GRID_SIZES,
  priority = false,
}: {
  product: CustomerProduct;
  href?: ProductHref;
  sizes?: string;
  /** One of the first cards of the page: its image loads at once with a high priority. */
  priority?: boolean;
}) {
  const queryClient = useQueryClient();
  // the product page usually opens next: fetch it while the pointer or focus rests on the card
  const prefetch = () => void queryClient.prefetchQuery(productQueryOptions(product.id));
  const image = product.hostedImages[0];
  // The price the product page opens with (its first variant in stock, discount included), never another one.
  const { sellingKobo, regularKobo, percentOff } = priceOf(product, initialVariant(product));
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="relative aspect-square bg-slate-100">
        {image ? (
          <ResponsiveImage
            src={image}
            alt=""
            sizes={sizes}
            maxWidth={400}
            fallbackWidth={400}
            width={400}
            height={400}
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="grid h-full place-items-center text-sm text-slate-600">No image</div>
        )}
        {percentOff > 0 ? (
          <span className="absolute left-2 top-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
            -{percentOff}%
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
        <h3 className="line-clamp-2 text-sm font-medium text-slate-900">
          <Link
            to={href(product)}
            onMouseEnter={prefetch}
            onFocus={prefetch}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-has-[:focus-visible]:underline"
          >
            {product.name}
          </Link>
        </h3>
        <ProductPrice sellingKobo={sellingKobo} regularKobo={regularKobo} />
        {product.ratingCount > 0 ? (
          <p className="text-xs text-slate-700">
            <RatingText average={product.ratingAverage} count={product.ratingCount} />
          </p>
        ) : null}
        <p className="mt-auto truncate text-xs text-slate-600">{product.storeName}</p>
        {!product.inStock ? <p className="text-xs font-semibold text-red-800">Out of stock</p> : null}
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <Skeleton className="aspect-square rounded-none" />
      <div className="space-y-2 p-2 sm:p-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}
