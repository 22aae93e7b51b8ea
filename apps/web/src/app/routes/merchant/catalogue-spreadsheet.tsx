import { PageHeader } from '../../../components/ui/page-header';
import { CatalogueSpreadsheet } from '../../../features/products/components/catalogue-spreadsheet';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

export function Component() {
  useDocumentTitle('Catalogue spreadsheet');
  return (
    <section>
      <PageHeader
        title="Catalogue spreadsheet"
        description="Add and update many products at once from a CSV file."
      />
      <AreaTabs bar="products" />
      <CatalogueSpreadsheet />
    </section>
  );
}
