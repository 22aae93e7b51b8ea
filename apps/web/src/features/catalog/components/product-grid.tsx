import type { CustomerProduct } from '@market/contracts';
import { ProductCard, ProductCardSkeleton, type ProductHref } from './product-card';

const gridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/** Two columns on phones, three on tablets, four on wide screens. */
export function ProductGrid({
  products,
  href,
  label,
  busy = false,
  priorityCount = 2,
}: {
  products: CustomerProduct[];
  href?: ProductHref;
  label: string;
  busy?: boolean;
  /** Cards above the fold on a phone (the first row): their images load first; the rest stay lazy. */
  priorityCount?: number;
}) {
  return (
    <ul
      data-product-grid
      aria-label={label}
      aria-busy={busy || undefined}
      className={`${gridClasses} ${busy ? 'opacity-60' : ''}`}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} href={href} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({
  count = 8,
  label = 'Loading products…',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label}>
      <div data-product-grid className={gridClasses}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
