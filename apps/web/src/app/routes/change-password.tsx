import { PageHeader } from '../../components/ui/page-header';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { RequireSession } from '../require-session';
import { useAccountKind } from '../use-account-kind';

export function Component() {
  const kind = useAccountKind();
  return (
    <RequireSession kind={kind}>
      <section>
        <PageHeader
          title="Change password"
          description="After the change, your other devices are signed out. This one stays signed in."
        />
        <div className="rounded-lg border border-slate-200 bg-white p-5">
          <ChangePasswordForm kind={kind} />
        </div>
      </section>
    </RequireSession>
  );
}
