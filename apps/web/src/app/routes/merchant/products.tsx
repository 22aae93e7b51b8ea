import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useHasPermission } from '../../../features/auth/api/permissions';
import { ProductsList } from '../../../features/products/components/products-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

export function Component() {
  useDocumentTitle('Products');
  const canChange = useHasPermission('merchant', 'products:write');
  return (
    <section>
      <PageHeader
        title="Products"
        description="New and edited products wait for an admin's approval; stock changes do not."
        actions={
          canChange ? (
            <Link to="/merchant/products/new" className={buttonClasses('primary')}>
              Add product
            </Link>
          ) : undefined
        }
      />
      <AreaTabs bar="products" />
      <ProductsList canChange={canChange} />
    </section>
  );
}
