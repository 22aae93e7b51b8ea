import { PageHeader } from '../../../components/ui/page-header';
import { ApproversManager } from '../../../features/store-approval/components/approvers-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Store approvers');
  const session = useSession('admin');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Store approvers" description="Admins whose approval counts for stores." />
      <AreaTabs bar="approvals" />
      <ApproversManager canManage={session?.user.accountType === 'superadmin'} />
    </CatalogAdminOnly>
  );
}
