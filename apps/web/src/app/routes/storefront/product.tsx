import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { BelowTheFold } from '../../../components/layout/below-the-fold';
import { buttonClasses } from '../../../components/ui/button';
import { ShareOnWhatsApp } from '../../../components/ui/share-on-whatsapp';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { AddToCart } from '../../../features/cart/components/add-to-cart-button';
import { CATALOG_MESSAGES } from '../../../features/catalog/api/catalog-keys';
import { useProduct } from '../../../features/catalog/api/get-product';
import { ProductDetails, ProductDetailsSkeleton } from '../../../features/catalog/components/product-details';
import { StorePolicies } from '../../../features/policies/components/store-policies';
import { useDocumentTitle } from '../../../lib/document-title';
import { isApiError } from '../../../lib/errors';
import { useNotFoundStatus } from '../../../lib/ssr';
import { useStorefrontStore } from './storefront-context';

const ProductReviews = lazy(() => import('../../../features/reviews/components/public-reviews'));

/** `/storefront/:merchantUrl/products/:productId`: the product inside its store's storefront. */
export function Component() {
  const store = useStorefrontStore();
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  useDocumentTitle(product.data ? `${product.data.name} · ${store.storeName}` : store.storeName);
  const missing =
    (product.isError && isApiError(product.error) && [404, 422].includes(product.error.status)) ||
    (product.data && product.data.storeId !== store.id);
  useNotFoundStatus(Boolean(missing));
  if (product.isPending) return <ProductDetailsSkeleton />;
  if (missing) {
    return (
      <EmptyState title="This product is not available in this store">
        <Link to={`/storefront/${store.storeUrl}`} className={buttonClasses('secondary', 'mt-2')}>
          See the store’s products
        </Link>
      </EmptyState>
    );
  }
  if (product.isError)
    return <ErrorState title={CATALOG_MESSAGES.product} onRetry={() => product.refetch()} />;
  return (
    <div className="space-y-8">
      <ProductDetails
        key={product.data.id}
        product={product.data}
        below={
          // Its own chunk, loaded only when the reader scrolls near it: the storefront's first load stays as small.
          <BelowTheFold fallback={<Skeleton className="mt-10 h-40 w-full" />}>
            <ProductReviews productId={product.data.id} />
          </BelowTheFold>
        }
        storeHref={`/storefront/${store.storeUrl}`}
        categoryHref={(id) => `/storefront/${store.storeUrl}/categories/${id}`}
        purchase={(choice) => (
          <div className="space-y-2">
            <AddToCart
              productId={product.data.id}
              productName={product.data.name}
              variantId={choice.variantId}
              needsVariant={choice.needsVariant}
              available={choice.available}
            />
            <ShareOnWhatsApp
              title={`${product.data.name} · ${store.storeName}`}
              path={`/storefront/${store.storeUrl}/products/${product.data.id}`}
            />
          </div>
        )}
      />
      <StorePolicies storeId={product.data.storeId} storeName={product.data.storeName} />
    </div>
  );
}
