import { PageHeader } from '../../../components/ui/page-header';
import { CollectionsManager } from '../../../features/collections/components/collections-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

export function Component() {
  useDocumentTitle('Featured collections');
  return (
    <section>
      <PageHeader
        title="Featured collections"
        description="Groups of your products shown on your storefront."
      />
      <AreaTabs bar="products" />
      <CollectionsManager />
    </section>
  );
}
