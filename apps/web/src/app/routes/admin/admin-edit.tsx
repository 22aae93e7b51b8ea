import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useAdmin } from '../../../features/admins/api/get-admin';
import { AdminForm } from '../../../features/admins/components/admin-form';
import { errorToastMessage } from '../../../lib/toast-rules';
import { SuperAdminOnly } from './super-admin-only';

function EditAdmin({ id }: { id: string }) {
  const navigate = useNavigate();
  const admin = useAdmin(id);
  const back = () => navigate('/admin/admins');
  if (admin.isPending) return <LoadingState label="Loading admin…" />;
  if (admin.isError) {
    return (
      <ErrorState message={errorToastMessage(admin.error) ?? undefined} onRetry={() => admin.refetch()} />
    );
  }
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5">
      <AdminForm admin={admin.data} onDone={back} onCancel={back} />
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  return (
    <SuperAdminOnly>
      <PageHeader title="Edit admin" />
      <EditAdmin id={id} />
    </SuperAdminOnly>
  );
}
