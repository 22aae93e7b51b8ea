import { PageHeader } from '../../../components/ui/page-header';
import { usePermissions } from '../../../features/auth/api/permissions';
import { AdminPayouts } from '../../../features/payouts/components/admin-payouts';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/payouts`: payment stats, merchants with payable money, approvePayout, and the payouts made. */
export function Component() {
  useDocumentTitle('Payouts');
  // What the server says this admin may do, custom roles included (their built-in role says too much); until it
  // answers (undefined), the screen offers no action and says nothing of the role.
  const mayPay = usePermissions('admin').data?.permissions.includes('finance:payouts');
  return (
    <section className="space-y-4">
      <PageHeader title="Payouts" description="Pay merchants what their completed orders are owed." />
      <AreaTabs bar="payouts" />
      <AdminPayouts canApprove={mayPay} />
    </section>
  );
}
