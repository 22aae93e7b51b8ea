import { PageHeader } from '../../../components/ui/page-header';
import { LowStockList } from '../../../features/products/components/low-stock-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

export function Component() {
  useDocumentTitle('Low stock');
  return (
    <section>
      <PageHeader title="Low stock" description="Products at or under their stock alert, lowest first." />
      <AreaTabs bar="products" />
      <LowStockList />
    </section>
  );
}
