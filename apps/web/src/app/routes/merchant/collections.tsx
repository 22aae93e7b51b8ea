import { PageHeader } from '../../../components/ui/page-header';
import { CollectionsManager } from '../../../features/collections/components/collections-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { ProductsNav } from './products-nav';

export function Component() {
  useDocumentTitle('Featured collections');
  return (
    <section>
      <PageHeader
        title="Featured collections"
        description="Groups of your products shown on your storefront."
      />
      <ProductsNav />
      <CollectionsManager />
    </section>
  );
}
