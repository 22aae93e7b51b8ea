import { AreaCards } from '../../../components/layout/area-cards';
import { PageHeader } from '../../../components/ui/page-header';
import { displayName, useSession } from '../../../lib/session';
import { adminRoleOf, roleTitles } from '../../admin-role';
import { adminNav } from '../../layouts/admin-nav';

const descriptions: Record<string, string> = {
  '/admin/approvals': 'Products, stores, hubs and approvers waiting for a decision.',
  '/admin/catalog': 'Categories, promotions and official outlets.',
  '/admin/orders': 'All orders; assign them to dispatchers, partners or a hub.',
  '/admin/finance': 'Reports, transactions and merchant payments.',
  '/admin/shipping': 'Shipping zones, pricing and vehicles.',
  '/admin/gift-cards': 'Gift cards sold and applied.',
  '/admin/admins': 'Create admins, change roles, activate or deactivate.',
};

export function Component() {
  const session = useSession('admin');
  const role = adminRoleOf(session?.user.accountType);
  const areas = adminNav(role)
    .filter((item) => item.to !== '/admin')
    .map((item) => ({ ...item, description: descriptions[item.to] ?? '' }));
  return (
    <section>
      <PageHeader
        title={`${roleTitles[role]} dashboard`}
        description={`Welcome, ${displayName(session?.user)}.`}
      />
      <AreaCards areas={areas} label="Console areas" />
    </section>
  );
}
