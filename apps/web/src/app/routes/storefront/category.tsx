import { useParams } from 'react-router';
import { StoreCategoryNav, StoreCategoryProducts } from '../../../features/catalog/components/store-catalog';
import { useDocumentTitle } from '../../../lib/document-title';
import { useStorefrontStore } from './storefront-context';

/** `/storefront/:merchantUrl/categories/:categoryParam` (categoryParam: a category id of any level). */
export function Component() {
  const store = useStorefrontStore();
  const { categoryParam = '' } = useParams();
  useDocumentTitle(store.storeName);
  return (
    <div className="space-y-6">
      <StoreCategoryNav storeUrl={store.storeUrl} currentId={categoryParam} />
      <StoreCategoryProducts storeId={store.id} storeUrl={store.storeUrl} categoryId={categoryParam} />
    </div>
  );
}
