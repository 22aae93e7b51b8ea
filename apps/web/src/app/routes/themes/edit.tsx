import { useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/states';
import { StoreProducts } from '../../../features/catalog/components/store-catalog';
import { ThemeEditor } from '../../../features/themes/components/editor/theme-editor';
import { useDocumentTitle } from '../../../lib/document-title';
import { themesBase, useMerchantStore } from './merchant-store';

/** `/merchant/themes/edit/{themeSlug}` and `/themes/edit/{themeSlug}`: the editor, its live preview with your products. */
export function Component() {
  const { themeSlug = '' } = useParams();
  const base = themesBase(useLocation().pathname);
  const store = useMerchantStore();
  useDocumentTitle('Edit theme');
  return (
    <ThemeEditor
      themeSlug={themeSlug}
      storeName={store.storeName}
      storeUrl={store.storeUrl}
      previewHref={`${base}/preview/${themeSlug}`}
      catalogueHref={base}
      products={
        store.storeId && store.storeUrl ? (
          <StoreProducts storeId={store.storeId} storeUrl={store.storeUrl} />
        ) : (
          <EmptyState title="Your products appear here once your store is approved" />
        )
      }
    />
  );
}
