import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { AdminsList } from '../../../features/admins/components/admins-list';
import { useSession } from '../../../lib/session';
import { SuperAdminOnly } from './super-admin-only';

export function Component() {
  const session = useSession('admin');
  return (
    <SuperAdminOnly>
      <PageHeader
        title="Admins"
        description="Admins, super admins, dispatchers and schedulers of the platform."
        actions={
          <Link to="/admin/admins/new" className={buttonClasses('primary')}>
            Create admin
          </Link>
        }
      />
      <AdminsList currentAdminId={session?.user.id ?? ''} />
    </SuperAdminOnly>
  );
}
