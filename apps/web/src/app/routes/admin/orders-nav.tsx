import { adminRolePermissions } from '@market/contracts';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/states';
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
