import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useAdminRoles } from '../../../features/admin-roles/api/admin-roles';
import { AdminForm } from '../../../features/admins/components/admin-form';
import { SuperAdminOnly } from './super-admin-only';

export function Component() {
  const navigate = useNavigate();
  // Without the roles list the form still creates an admin with a built-in role.
  const roles = useAdminRoles();
  return (
    <SuperAdminOnly>
      <PageHeader title="Create admin" />
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <AdminForm
          customRoles={roles.data?.custom ?? []}
          onDone={() => navigate('/admin/admins')}
          onCancel={() => navigate('/admin/admins')}
        />
      </div>
    </SuperAdminOnly>
  );
}
