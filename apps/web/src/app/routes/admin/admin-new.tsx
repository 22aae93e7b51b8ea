import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { AdminForm } from '../../../features/admins/components/admin-form';
import { SuperAdminOnly } from './super-admin-only';

export function Component() {
  const navigate = useNavigate();
  return (
    <SuperAdminOnly>
      <PageHeader title="Create admin" />
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <AdminForm onDone={() => navigate('/admin/admins')} onCancel={() => navigate('/admin/admins')} />
      </div>
    </SuperAdminOnly>
  );
}
