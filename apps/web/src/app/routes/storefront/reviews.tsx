import { StoreReviews } from '../../../features/reviews/components/public-reviews';
import { useDocumentTitle } from '../../../lib/document-title';
import { useStorefrontStore } from './storefront-context';

/** `/storefront/:merchantUrl/reviews`: what customers said about the store, where its rating links. */
export function Component() {
  const store = useStorefrontStore();
  useDocumentTitle(`Reviews · ${store.storeName}`);
  return <StoreReviews storeId={store.id} storeName={store.storeName} />;
}
