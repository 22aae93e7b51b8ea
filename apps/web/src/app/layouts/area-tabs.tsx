import { adminRolePermissions } from '@market/contracts';
import { SubNav } from '../../components/ui/sub-nav';
import { usePermissions } from '../../features/auth/api/permissions';
import { useSession } from '../../lib/session';
import { adminRoleOf } from '../admin-role';
import { dashboardTabs, tabBarAccount } from '../dashboard-areas';
import type { TabBar } from '../dashboards/screens';

/** Each tab bar's name for assistive technology (the `nav`'s label). */
export const tabBarLabels: Readonly<Record<TabBar, string>> = {
  approvals: 'Approval pages',
  catalog: 'Catalog pages',
  orders: 'Order pages',
  returns: 'Return pages',
  finance: 'Finance pages',
  payouts: 'Payout pages',
  shipping: 'Shipping pages',
  'gift-cards': 'Gift card pages',
  community: 'Customer voice',
  products: 'Product pages',
};

/**
 * The tab bar of an area (Approvals: products, stores, approvers), from the dashboards' tables: each tab shows to
 * the roles its screen's rule lets in (dashboard-areas.ts), as the side navigation does, so a person never sees a
 * tab that would only answer "Your role cannot open …". The permissions are the server's (`GET /auth/permissions`,
 * a custom role's too); until they arrive, an admin's built-in role decides and a merchant sees the open tabs only.
 * The gate before every guarded screen has already asked for them, so the bar is drawn once.
 */
export function AreaTabs({ bar }: { bar: TabBar }) {
  const account = tabBarAccount(bar);
  const session = useSession(account);
  const permissions = usePermissions(account);
  const held =
    permissions.data?.permissions ??
    (account === 'admin' ? adminRolePermissions[adminRoleOf(session?.user.accountType)] : []);
  return <SubNav label={tabBarLabels[bar]} items={dashboardTabs(bar, held)} />;
}
