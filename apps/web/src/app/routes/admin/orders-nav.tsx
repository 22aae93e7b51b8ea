import { type AdminPermission, adminRolePermissions } from '@market/contracts';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { SubNav } from '../../../components/ui/sub-nav';
import { useSession } from '../../../lib/session';
import { adminRoleOf } from '../../admin-role';

/** Whether the signed-in admin's role may read every order (dispatchers read their own, schedulers only assign). */
export function useCanReadAllOrders(): boolean {
  const role = adminRoleOf(useSession('admin')?.user.accountType);
  return adminRolePermissions[role].includes('orders:read-all');
}

/** Whether the signed-in admin's role carries orders (dispatchers): they read the orders they carry. */
export function useCanCarryOrders(): boolean {
  const role = adminRoleOf(useSession('admin')?.user.accountType);
  return adminRolePermissions[role].includes('orders:carry');
}

function useAdminMay(permission: AdminPermission): boolean {
  const role = adminRoleOf(useSession('admin')?.user.accountType);
  return adminRolePermissions[role].includes(permission);
}

export function OrdersNav() {
  const canReadAll = useCanReadAllOrders();
  const canCarry = useCanCarryOrders();
  const canApprove = useAdminMay('approvals:partners');
  const canSetLimits = useAdminMay('service-levels:manage');
  return (
    <SubNav
      label="Order pages"
      items={[
        { to: '/admin/orders', label: 'Assignment queue' },
        { to: '/admin/orders/pickups', label: 'Return pickups' },
        ...(canReadAll ? [{ to: '/admin/orders/all', label: 'All orders' }] : []),
        ...(canReadAll ? [{ to: '/admin/orders/search', label: 'Search' }] : []),
        ...(canReadAll || canCarry ? [{ to: '/admin/orders/mine', label: 'My deliveries' }] : []),
        ...(canCarry ? [{ to: '/admin/orders/day', label: 'My day' }] : []),
        ...(canCarry ? [{ to: '/admin/orders/cash', label: 'Cash held' }] : []),
        ...(canApprove ? [{ to: '/admin/orders/partners', label: 'Shipping partners' }] : []),
        ...(canSetLimits ? [{ to: '/admin/orders/service-levels', label: 'Service levels' }] : []),
      ]}
    />
  );
}

/** Pages of every order; with `carrier`, pages a dispatcher also opens for the orders they carry. */
export function ReadAllOnly({ children, carrier = false }: { children: ReactNode; carrier?: boolean }) {
  const canReadAll = useCanReadAllOrders();
  const canCarry = useCanCarryOrders();
  if (!canReadAll && !(carrier && canCarry))
    return (
      <EmptyState title="Your role assigns orders but cannot open them">Use the assignment queue.</EmptyState>
    );
  return children;
}
