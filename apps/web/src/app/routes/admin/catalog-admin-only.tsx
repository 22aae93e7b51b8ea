import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';

/** Approvals, catalog, shipping and gift cards are for admins and super admins; dispatchers and schedulers only move orders. */
export function CatalogAdminOnly({ children }: { children: ReactNode }) {
  const role = useSession('admin')?.user.accountType;
  if (role !== 'admin' && role !== 'superadmin') {
    return (
      <EmptyState title="Only admins can see this area">Ask an admin or super admin for help.</EmptyState>
    );
  }
  return children;
}
