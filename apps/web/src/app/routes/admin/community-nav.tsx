import { SubNav } from '../../../components/ui/sub-nav';

/** Reviews, platform testimonials and contact messages: what customers say, in one admin area. */
export function CommunityNav() {
  return (
    <SubNav
      label="Customer voice"
      items={[
        { to: '/admin/reviews', label: 'Reviews' },
        { to: '/admin/testimonials', label: 'Testimonials' },
        { to: '/admin/contact', label: 'Contact messages' },
      ]}
    />
  );
}
