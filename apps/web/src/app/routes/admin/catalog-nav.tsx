import { SubNav } from '../../../components/ui/sub-nav';

export function CatalogNav() {
  return (
    <SubNav
      label="Catalog pages"
      items={[
        { to: '/admin/catalog', label: 'Categories' },
        { to: '/admin/catalog/promotions', label: 'Promotions' },
        { to: '/admin/catalog/outlets', label: 'Official outlets' },
      ]}
    />
  );
}
