import { PageHeader } from '../../components/ui/page-header';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { BusinessDataRights } from '../../features/profile/components/business-data-rights';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireSession } from '../require-session';

/**
 * `/merchant/account` and `/shipping-partner/account`: a store staff member's or shipping partner's own account:
 * the password, and the data rights of ADR 073 (download my data, close my account).
 */
export function BusinessAccountPage({ kind }: { kind: 'merchant' | 'partner' }) {
  useDocumentTitle('Your account');
  return (
    <RequireSession kind={kind}>
      <section className="space-y-6">
        <PageHeader title="Your account" description="Your password, your data, and closing your account." />
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-slate-900">Change password</h2>
          <p className="text-sm text-slate-700">
            After the change, your other devices are signed out. This one stays signed in.
          </p>
          <ChangePasswordForm kind={kind} />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-5">
          <BusinessDataRights kind={kind} />
        </div>
      </section>
    </RequireSession>
  );
}
