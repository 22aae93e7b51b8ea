import { PageHeader } from '../../../components/ui/page-header';
import { SavedCounts } from '../../../features/wishlist/components/saved-counts';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/merchant/products/saved`: how many shoppers saved each product to their wishlist. */
export function Component() {
  useDocumentTitle('Saved by shoppers');
  return (
    <section className="space-y-4">
      <PageHeader
        title="Saved by shoppers"
        description="Shoppers hear when a product they saved gets cheaper."
      />
      <AreaTabs bar="products" />
      <SavedCounts />
    </section>
  );
}
