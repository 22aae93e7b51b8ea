import { SubNav } from '../../../components/ui/sub-nav';

export function GiftCardsNav() {
  return (
    <SubNav
      label="Gift card pages"
      items={[
        { to: '/admin/gift-cards', label: 'Analytics' },
        { to: '/admin/gift-cards/cards', label: 'Cards' },
        { to: '/admin/gift-cards/activities', label: 'Activities' },
      ]}
    />
  );
}
