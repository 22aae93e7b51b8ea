import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { usePermissions } from '../../../features/auth/api/permissions';
import { useStoreRoles } from '../../../features/staff/api/list-roles';
import { InviteStaffForm } from '../../../features/staff/components/invite-staff-form';
import { roleOptions } from '../../../features/staff/components/role-options';
import { RolesEditor } from '../../../features/staff/components/roles-editor';
import { StaffList } from '../../../features/staff/components/staff-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { RequireStorePermission } from './require-store-permission';

function StaffScreen() {
  const session = useSession('merchant');
  const permissions = usePermissions('merchant');
  const roles = useStoreRoles();
  const [inviting, setInviting] = useState(false);
  const canManage = permissions.data?.permissions.includes('staff:manage') ?? false;
  const options = roleOptions(roles.data);
  return (
    <section className="space-y-6">
      <PageHeader
        title="Staff"
        description="The people who run your store with you, and what each role lets them do."
        actions={
          canManage && !inviting ? (
            <Button onClick={() => setInviting(true)} disabled={!roles.data}>
              Invite staff
            </Button>
          ) : undefined
        }
      />
      {inviting ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <InviteStaffForm
            roleOptions={options}
            onDone={() => setInviting(false)}
            onCancel={() => setInviting(false)}
          />
        </div>
      ) : null}
      <StaffList currentUserId={session?.user.id ?? ''} canManage={canManage} roleOptions={options} />
      {roles.isPending ? (
        <LoadingState label="Loading roles…" />
      ) : roles.isError ? (
        <ErrorState message="Could not get the store's roles." onRetry={() => roles.refetch()} />
      ) : (
        <RolesEditor roles={roles.data} canManage={canManage} />
      )}
    </section>
  );
}

export function Component() {
  useDocumentTitle('Staff');
  return (
    <RequireStorePermission permission="staff:read" area="Staff">
      <StaffScreen />
    </RequireStorePermission>
  );
}
