import { PageHeader } from '../../../components/ui/page-header';
import { usePermissions } from '../../../features/auth/api/permissions';
import { PaymentCategories } from '../../../features/payouts/components/payment-categories';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/payouts/categories`: the commission each payment category keeps of a store's item subtotal. */
export function Component() {
  useDocumentTitle('Payment categories');
  // What the server says this admin may do, custom roles included (their built-in role says too much); until it
  // answers (undefined), the screen offers no action and says nothing of the role.
  const mayPay = usePermissions('admin').data?.permissions.includes('finance:payouts');
  return (
    <section className="space-y-4">
      <PageHeader
        title="Payment categories"
        description="The commission kept of each order’s item subtotal, by the store’s category. Orders paid from now on use a change."
      />
      <AreaTabs bar="payouts" />
      <PaymentCategories canEdit={mayPay} />
    </section>
  );
}
