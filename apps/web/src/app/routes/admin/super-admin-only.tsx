import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';

/** Admin management is the super admin's alone; others see why instead of a broken page. */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const session = useSession('admin');
  if (session?.user.accountType !== 'superadmin') {
    return <EmptyState title="Only a super admin can manage admins">Ask a super admin for help.</EmptyState>;
  }
  return children;
}
