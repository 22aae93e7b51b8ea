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
import { FollowButton } from '../../../features/stores/components/follow-button';
import { SaveButton } from '../../../features/wishlist/components/save-button';
import { useDocumentTitle } from '../../../lib/document-title';
import { isApiError } from '../../../lib/errors';
import { useNotFoundStatus } from '../../../lib/ssr';

// The reviews are below the fold: their code and data load when the shopper scrolls near them.
const ProductReviews = lazy(() => import('../../../features/reviews/components/public-reviews'));

/** `/products/:productId`: the marketplace product page. */
export function Component() {
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  useDocumentTitle(product.data?.name ?? 'Product');
  useNotFoundStatus(
    product.isError && isApiError(product.error) && [404, 422].includes(product.error.status),
  );
  if (product.isPending) return <ProductDetailsSkeleton />;
  if (product.isError) {
    if (isApiError(product.error) && (product.error.status === 404 || product.error.status === 422)) {
      return (
        <EmptyState title="This product is not available">
          <Link to="/search" className={buttonClasses('secondary', 'mt-2')}>
            Browse products
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState title={CATALOG_MESSAGES.product} onRetry={() => product.refetch()} />;
  }
  return (
    <div className="space-y-8">
      <ProductDetails
        key={product.data.id}
        product={product.data}
        below={
          <BelowTheFold fallback={<Skeleton className="mt-10 h-40 w-full" />}>
            <ProductReviews productId={product.data.id} />
          </BelowTheFold>
        }
        storeAction={<FollowButton storeId={product.data.storeId} storeName={product.data.storeName} />}
        purchase={(choice) => (
          <div className="space-y-2">
            <AddToCart
              productId={product.data.id}
              productName={product.data.name}
              variantId={choice.variantId}
              needsVariant={choice.needsVariant}
              available={choice.available}
            />
            <SaveButton productId={product.data.id} variantId={choice.variantId} />
            <ShareOnWhatsApp title={product.data.name} path={`/products/${product.data.id}`} />
          </div>
        )}
      />
      <StorePolicies storeId={product.data.storeId} storeName={product.data.storeName} />
    </div>
  );
}
