import { adminRolePermissions } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { ReconciliationScreen } from '../../../features/reconciliation/components/reconciliation-screen';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { adminRoleOf } from '../../admin-role';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/payouts/reconciliation`: Paystack's statements against the books (ADR 065); reports, moves no money. */
export function Component() {
  useDocumentTitle('Reconciliation');
  const permissions = adminRolePermissions[adminRoleOf(useSession('admin')?.user.accountType)];
  return (
    <section className="space-y-4">
      <PageHeader
        title="Reconciliation"
        description="What Paystack holds against what the books say, and what to do about each difference."
      />
      <AreaTabs bar="payouts" />
      <ReconciliationScreen canRun={permissions.includes('finance:payouts')} />
    </section>
  );
}
