import { SubNav } from '../../../components/ui/sub-nav';

export function PayoutsNav() {
  return (
    <SubNav
      label="Payout pages"
      items={[
        { to: '/admin/payouts', label: 'Payouts' },
        { to: '/admin/payouts/categories', label: 'Payment categories' },
        { to: '/admin/payouts/reconciliation', label: 'Reconciliation' },
        { to: '/admin/payouts/pay-on-delivery', label: 'Pay on delivery' },
      ]}
    />
  );
}
