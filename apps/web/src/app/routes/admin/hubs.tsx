import { adminRolePermissions } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState } from '../../../components/ui/states';
import { HubApplicationsAdmin } from '../../../features/hubs/components/hub-applications-admin';
import { HubsAdmin } from '../../../features/hubs/components/hubs-admin';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { adminRoleOf } from '../../admin-role';

/** `/admin/hubs`: the platform's hubs (create, edit) and the applications to run or use them (approve, reject). */
export function Component() {
  useDocumentTitle('Hubs');
  const permissions = adminRolePermissions[adminRoleOf(useSession('admin')?.user.accountType)];
  const canManage = permissions.includes('hubs:manage');
  const canApprove = permissions.includes('approvals:hubs');
  return (
    <section className="space-y-6">
      <PageHeader
        title="Hubs"
        description="Where stores drop parcels and carriers collect them. Stores and shipping partners apply to run or use a hub."
      />
      {canApprove ? <HubApplicationsAdmin /> : null}
      {canManage ? <HubsAdmin /> : null}
      {canApprove || canManage ? null : (
        <EmptyState title="Your role does not manage hubs">Ask an admin for the hubs permission.</EmptyState>
      )}
    </section>
  );
}
