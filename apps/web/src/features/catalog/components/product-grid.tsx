import type { CustomerProduct } from '@market/contracts';
import { ProductCard, ProductCardSkeleton, type ProductHref } from './product-card';

const gridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/** Two columns on phones, three on tablets, four on wide screens. */
export function ProductGrid({
  products,
  href,
  label,
  busy = false,
}: {
  products: CustomerProduct[];
  href?: ProductHref;
  label: string;
  busy?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={`${gridClasses} ${busy ? 'opacity-60' : ''}`}
    >
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} href={href} />
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
      <div className={gridClasses}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
