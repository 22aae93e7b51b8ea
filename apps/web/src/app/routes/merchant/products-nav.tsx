import { SubNav } from '../../../components/ui/sub-nav';

export function ProductsNav() {
  return (
    <SubNav
      label="Product pages"
      items={[
        { to: '/merchant/products', label: 'All products' },
        { to: '/merchant/products/low-stock', label: 'Low stock' },
        { to: '/merchant/products/saved', label: 'Saved by shoppers' },
        { to: '/merchant/products/spreadsheet', label: 'Spreadsheet' },
        { to: '/merchant/collections', label: 'Featured collections' },
      ]}
    />
  );
}
