import { adminRolePermissions } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { PaymentCategories } from '../../../features/payouts/components/payment-categories';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { adminRoleOf } from '../../admin-role';
import { PayoutsNav } from './payouts-nav';

/** `/admin/payouts/categories`: the commission each payment category keeps of a store's item subtotal. */
export function Component() {
  useDocumentTitle('Payment categories');
  const permissions = adminRolePermissions[adminRoleOf(useSession('admin')?.user.accountType)];
  return (
    <section className="space-y-4">
      <PageHeader
        title="Payment categories"
        description="The commission kept of each order’s item subtotal, by the store’s category. Orders paid from now on use a change."
      />
      <PayoutsNav />
      <PaymentCategories canEdit={permissions.includes('finance:payouts')} />
    </section>
  );
}
