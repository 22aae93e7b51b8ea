import { adminRolePermissions } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { AdminPayouts } from '../../../features/payouts/components/admin-payouts';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { adminRoleOf } from '../../admin-role';
import { PayoutsNav } from './payouts-nav';

/** `/admin/payouts`: payment stats, merchants with payable money, approvePayout, and the payouts made. */
export function Component() {
  useDocumentTitle('Payouts');
  const permissions = adminRolePermissions[adminRoleOf(useSession('admin')?.user.accountType)];
  return (
    <section className="space-y-4">
      <PageHeader title="Payouts" description="Pay merchants what their completed orders are owed." />
      <PayoutsNav />
      <AdminPayouts canApprove={permissions.includes('finance:payouts')} />
    </section>
  );
}
