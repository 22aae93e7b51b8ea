import type { StorePermission } from '@market/contracts';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { usePermissions } from '../../../features/auth/api/permissions';

/**
 * Shows a store screen only to a role holding its permission; others see why instead of a refused call. The
 * server refuses the calls anyway (403): this only keeps the screen honest.
 */
export function RequireStorePermission({
  permission,
  area,
  children,
}: {
  permission: StorePermission;
  area: string;
  children: ReactNode;
}) {
  const permissions = usePermissions('merchant');
  if (permissions.isPending) return <LoadingState label="Checking your role…" />;
  if (permissions.isError)
    return <ErrorState message="Could not get your permissions." onRetry={() => permissions.refetch()} />;
  if (!permissions.data.permissions.includes(permission)) {
    return (
      <EmptyState title={`Your role cannot open ${area}`}>
        Ask the store owner if you need access to {area.toLowerCase()}.
      </EmptyState>
    );
  }
  return children;
}
