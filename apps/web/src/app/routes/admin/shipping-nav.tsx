import { SubNav } from '../../../components/ui/sub-nav';

export function ShippingNav() {
  return (
    <SubNav
      label="Shipping pages"
      items={[
        { to: '/admin/shipping', label: 'Zones' },
        { to: '/admin/shipping/pricing', label: 'Pricing' },
        { to: '/admin/shipping/vehicles', label: 'Vehicles' },
      ]}
    />
  );
}
