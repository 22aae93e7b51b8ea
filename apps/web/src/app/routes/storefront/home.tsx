import {
  StoreCategoryNav,
  StorefrontCollections,
  StoreProducts,
} from '../../../features/catalog/components/store-catalog';
import { ThemeHome } from '../../../features/themes/components/storefront/theme-home';
import { useDocumentTitle } from '../../../lib/document-title';
import { useStorefrontStore, useStorefrontThemeView } from './layout';

/** `/storefront/:merchantUrl`: featured collections, categories and every product of the store. */
export function Component() {
  const store = useStorefrontStore();
  useDocumentTitle(store.storeName);
  return (
    <ThemeHome theme={useStorefrontThemeView()}>
      <div className="space-y-8">
        <StoreCategoryNav storeUrl={store.storeUrl} />
        <StorefrontCollections storeUrl={store.storeUrl} />
        <StoreProducts storeId={store.id} storeUrl={store.storeUrl} />
      </div>
    </ThemeHome>
  );
}
