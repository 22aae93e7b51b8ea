import { SubNav } from '../../../components/ui/sub-nav';

export function ReturnsNav() {
  return (
    <SubNav
      label="Return pages"
      items={[
        { to: '/admin/returns', label: 'Disputed returns' },
        { to: '/admin/returns/all', label: 'All returns' },
        { to: '/admin/returns/refunds', label: 'Refund requests' },
        { to: '/admin/returns/card-disputes', label: 'Card disputes' },
      ]}
    />
  );
}
