import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { ReadOnlyUnless } from '../../../features/auth/components/read-only-unless';
import { useMyProduct } from '../../../features/products/api/get-my-product';
import { ProductForm } from '../../../features/products/components/product-form';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Edit product');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const product = useMyProduct(id);
  return (
    <section>
      <PageHeader
        title="Edit product"
        description="Changes to the content send the product back for approval."
      />
      {product.isPending ? (
        <LoadingState label="Loading product…" />
      ) : product.isError ? (
        <ErrorState message="Could not get product. Try again later." onRetry={() => product.refetch()} />
      ) : (
        <ReadOnlyUnless permission="products:write" note="Your role can see products but not change them.">
          <ProductForm product={product.data} onDone={() => navigate('/merchant/products')} />
        </ReadOnlyUnless>
      )}
    </section>
  );
}
