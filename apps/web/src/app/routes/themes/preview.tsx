import '../../../dashboard.css';
import { useLocation, useParams } from 'react-router';
import { NoIndex } from '../../../components/ui/no-index';
import { EmptyState, LoadingState } from '../../../components/ui/states';
import { useStoreCatalog } from '../../../features/catalog/api/get-store-catalog';
import { useStorefrontCategories } from '../../../features/catalog/api/get-storefront-categories';
import { ProductDetails } from '../../../features/catalog/components/product-details';
import {
  StoreCategoryNav,
  StoreCategoryProducts,
  StoreProducts,
} from '../../../features/catalog/components/store-catalog';
import { ThemePreviewFrame } from '../../../features/themes/components/theme-preview-frame';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';
import { themesBase, useMerchantStore } from './merchant-store';

/**
 * `/merchant/themes/preview/{themeSlug}`, `/themes/preview/{themeSlug}` and `/themes/preview/{themeSlug}/{pageSlug}`
 * (home, category or product): a theme full screen with the merchant's own products.
 */
export function Component() {
  return (
    <RequireSession kind="merchant">
      <NoIndex />
      <div className="min-h-screen bg-slate-50">
        <Preview />
      </div>
    </RequireSession>
  );
}

function Preview() {
  const { themeSlug = '', pageSlug = 'home' } = useParams();
  const base = themesBase(useLocation().pathname);
  const store = useMerchantStore();
  useDocumentTitle('Theme preview');
  return (
    <ThemePreviewFrame themeSlug={themeSlug} pageSlug={pageSlug} base={base} storeName={store.storeName}>
      {store.storeId && store.storeUrl ? (
        <PreviewPage page={pageSlug} storeId={store.storeId} storeUrl={store.storeUrl} />
      ) : (
        <EmptyState title="Your products appear here once your store is approved" />
      )}
    </ThemePreviewFrame>
  );
}

function PreviewPage({ page, storeId, storeUrl }: { page: string; storeId: string; storeUrl: string }) {
  const categories = useStorefrontCategories(storeUrl);
  const first = useStoreCatalog(storeId, 1, 0);
  if (page === 'category') {
    const category = categories.data?.[0];
    if (categories.isPending) return <LoadingState />;
    if (!category) return <EmptyState title="Your store's categories appear here once it has products" />;
    return (
      <>
        <StoreCategoryNav storeUrl={storeUrl} currentId={category.id} />
        <StoreCategoryProducts storeId={storeId} storeUrl={storeUrl} categoryId={category.id} />
      </>
    );
  }
  if (page === 'product') {
    const product = first.data?.data[0];
    if (first.isPending) return <LoadingState />;
    if (!product) return <EmptyState title="Your product page appears here once you have a product" />;
    return <ProductDetails product={product} storeHref={`/storefront/${storeUrl}`} categoryHref={null} />;
  }
  return (
    <>
      <StoreCategoryNav storeUrl={storeUrl} />
      <StoreProducts storeId={storeId} storeUrl={storeUrl} />
    </>
  );
}
