import { adminRolePermissions } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { PodAdminScreen } from '../../../features/pay-on-delivery/components/pod-admin-screen';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { adminRoleOf } from '../../admin-role';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/payouts/pay-on-delivery`: carriers' cash held, remittances to confirm, and the rules (ADR 074). */
export function Component() {
  useDocumentTitle('Pay on delivery');
  const permissions = adminRolePermissions[adminRoleOf(useSession('admin')?.user.accountType)];
  return (
    <section className="space-y-4">
      <PageHeader
        title="Pay on delivery"
        description="Cash carriers took at the door, from collection to remittance, to the kobo."
      />
      <AreaTabs bar="payouts" />
      <PodAdminScreen
        canDecide={permissions.includes('finance:payouts')}
        canEditRules={permissions.includes('shipping:zones')}
      />
    </section>
  );
}
