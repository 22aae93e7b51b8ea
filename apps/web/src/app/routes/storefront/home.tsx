import { ShareOnWhatsApp } from '../../../components/ui/share-on-whatsapp';
import {
  StoreCategoryNav,
  StorefrontCollections,
  StoreProducts,
} from '../../../features/catalog/components/store-catalog';
import { StorePolicies } from '../../../features/policies/components/store-policies';
import { ThemeHome } from '../../../features/themes/components/storefront/theme-home';
import { useDocumentTitle } from '../../../lib/document-title';
import { useStorefrontStore, useStorefrontThemeView } from './storefront-context';

/**
 * `/storefront/:merchantUrl`: a "Share on WhatsApp" link (the page unfurls), featured collections, categories, every
 * product of the store and its policies.
 */
export function Component() {
  const store = useStorefrontStore();
  useDocumentTitle(store.storeName);
  return (
    <ThemeHome theme={useStorefrontThemeView()}>
      <div className="space-y-8">
        <ShareOnWhatsApp title={store.storeName} path={`/storefront/${store.storeUrl}`} />
        <StoreCategoryNav storeUrl={store.storeUrl} />
        <StorefrontCollections storeUrl={store.storeUrl} />
        <StoreProducts storeId={store.id} storeUrl={store.storeUrl} />
        <StorePolicies storeId={store.id} storeName={store.storeName} />
      </div>
    </ThemeHome>
  );
}
