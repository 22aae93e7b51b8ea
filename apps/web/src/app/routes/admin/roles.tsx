import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useAdminRoles } from '../../../features/admin-roles/api/admin-roles';
import { AdminRolesEditor } from '../../../features/admin-roles/components/admin-roles-editor';
import { useAdminsList } from '../../../features/admins/api/list-admins';
import { useDocumentTitle } from '../../../lib/document-title';
import { SuperAdminOnly } from './super-admin-only';

function RolesScreen() {
  const roles = useAdminRoles();
  const admins = useAdminsList({ page: 1, limit: 100 });
  if (roles.isPending || admins.isPending) return <LoadingState label="Loading roles…" />;
  if (roles.isError || admins.isError)
    return (
      <ErrorState
        message="Could not get the admin roles."
        onRetry={() => {
          void roles.refetch();
          void admins.refetch();
        }}
      />
    );
  return <AdminRolesEditor data={roles.data} admins={admins.data.admins} />;
}

export function Component() {
  useDocumentTitle('Admin roles');
  return (
    <SuperAdminOnly>
      <PageHeader
        title="Roles and resources"
        description="Built-in admin roles, custom roles over the platform's resources, and who holds them."
      />
      <RolesScreen />
    </SuperAdminOnly>
  );
}
