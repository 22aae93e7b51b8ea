import { SubNav } from '../../../components/ui/sub-nav';

export function FinanceNav() {
  return (
    <SubNav
      label="Finance pages"
      items={[
        { to: '/admin/finance', label: 'Finance report' },
        { to: '/admin/finance/transactions', label: 'Transactions' },
      ]}
    />
  );
}
