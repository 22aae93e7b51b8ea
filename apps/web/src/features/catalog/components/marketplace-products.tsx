import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { useMarketplaceProducts } from '../api/get-marketplace-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** The newest products across the marketplace, with a way into the full listing. */
export function MarketplaceProducts() {
  const products = useMarketplaceProducts(20, 0);
  return (
    <section aria-labelledby="marketplace-heading" className="space-y-3">
      <h2 id="marketplace-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
        Marketplace products
      </h2>
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <ErrorState title={CATALOG_MESSAGES.products} onRetry={() => products.refetch()} />
      ) : products.data.data.length === 0 ? (
        <EmptyState title="No products yet">Stores are adding their products. Check back soon.</EmptyState>
      ) : (
        <>
          <ProductGrid products={products.data.data} label="Marketplace products" priorityCount={0} />
          <div className="text-center">
            <Link to="/search" className={buttonClasses('secondary')}>
              Browse all products
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
