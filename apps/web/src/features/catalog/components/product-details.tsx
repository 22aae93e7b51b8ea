import type { CustomerProduct } from '@market/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { RatingText } from '../../../components/ui/rating-text';
import { ProductGallery } from './product-gallery';
import { ProductPrice } from './product-price';
import { VariantPicker } from './variant-picker';
import { initialVariant, priceOf, stockOf, type Variant } from './variants';

interface ProductDetailsProps {
  product: CustomerProduct;
  /** Where the store link goes (the storefront by default). */
  storeHref?: string;
  /** Shown beside the store link, e.g. the follow button. */
  storeAction?: ReactNode;
  /** The buying controls (e.g. Add to cart) for the chosen variant, drawn under the variant picker. */
  purchase?: (choice: PurchaseChoice) => ReactNode;
  /** Breadcrumb link of a category, or null to leave it out. */
  categoryHref?: ((categoryId: string) => string) | null;
  /** Below the details, e.g. the reviews (loaded when scrolled to). */
  below?: ReactNode;
}

/** What the shopper has chosen: the variant (null without options), whether one must still be chosen, stock. */
export interface PurchaseChoice {
  variantId: string | null;
  needsVariant: boolean;
  available: number;
}

/** The product page: gallery, price that follows the chosen variant, stock, SKU, store and description. */
export function ProductDetails({
  product,
  storeHref = `/storefront/${product.storeUrl}`,
  storeAction,
  purchase,
  categoryHref = (id) => `/categories/${id}`,
  below,
}: ProductDetailsProps) {
  const [variant, setVariant] = useState<Variant | undefined>(() => initialVariant(product));
  const { sellingKobo, regularKobo, percentOff } = priceOf(product, variant);
  const stock = stockOf(product, variant);
  return (
    <>
      <article className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.hostedImages} name={product.name} />
        <div className="min-w-0 space-y-5">
          <div className="space-y-2">
            {categoryHref && product.category ? (
              <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
                <Link to={categoryHref(product.categoryId)} className="underline">
                  {product.category}
                </Link>
                {product.subCategory ? <span> › {product.subCategory}</span> : null}
              </nav>
            ) : null}
            <h1 className="text-2xl font-bold text-[var(--sf-headings-links,#0f172a)]">{product.name}</h1>
            <p className="text-slate-700" data-testid="product-rating">
              {product.ratingCount > 0 ? (
                <RatingText average={product.ratingAverage} count={product.ratingCount} />
              ) : (
                'No reviews yet'
              )}
            </p>
          </div>
          <div aria-live="polite" className="space-y-1">
            <ProductPrice sellingKobo={sellingKobo} regularKobo={regularKobo} size="lg" />
            {percentOff > 0 ? <p className="text-sm font-semibold text-red-800">{percentOff}% off</p> : null}
            <p className={`text-sm font-semibold ${stock.inStock ? 'text-emerald-800' : 'text-red-800'}`}>
              {stock.inStock ? `In stock (${stock.quantity} left)` : 'Out of stock'}
            </p>
            <p className="text-sm text-slate-700">SKU: {stock.sku}</p>
          </div>
          <VariantPicker product={product} selectedId={variant?.id} onSelect={setVariant} />
          {purchase?.({
            variantId: variant?.id ?? null,
            needsVariant: product.variant.length > 0 && !variant,
            available: stock.inStock ? stock.quantity : 0,
          })}
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
            <p className="text-sm text-slate-700">
              Sold by{' '}
              <Link
                to={storeHref}
                className="font-semibold text-[var(--sf-headings-links,#065f46)] underline"
              >
                {product.storeName}
              </Link>
            </p>
            {storeAction}
          </div>
          {product.description.length > 0 ? (
            <section aria-labelledby="description-heading" className="space-y-2">
              <h2 id="description-heading" className="text-lg font-bold text-slate-900">
                Description
              </h2>
              {product.description.map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id and never move
                <p key={index} className="text-[var(--sf-body-text,#334155)]">
                  {paragraph}
                </p>
              ))}
            </section>
          ) : null}
        </div>
      </article>
      {below}
    </>
  );
}

export function ProductDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading product…" className="grid gap-6 md:grid-cols-2 md:gap-10">
      <div aria-hidden="true" className="aspect-square animate-pulse rounded-lg bg-slate-200" />
      <div aria-hidden="true" className="space-y-3">
        <div className="h-8 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-7 w-1/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/4 animate-pulse rounded bg-slate-200" />
        <div className="h-11 w-2/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
