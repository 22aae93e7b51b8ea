import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StoreDetails } from '../../../features/store-approval/components/store-details';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Store details');
  const { id = '' } = useParams();
  return (
    <CatalogAdminOnly>
      <Link
        to="/admin/approvals/stores"
        className="mb-2 inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline"
      >
        ← All stores
      </Link>
      <PageHeader title="Store details" />
      <StoreDetails id={id} />
    </CatalogAdminOnly>
  );
}
