import { Navigate } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { PartnerSignupForm } from '../../../features/auth/components/partner-signup-form';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { homePath, loginPath } from '../../../lib/account';
import { useSession } from '../../../lib/session';
import { useAccountKind } from '../../use-account-kind';

export function Component() {
  const kind = useAccountKind();
  const session = useSession(kind);
  if (kind === 'admin') return <Navigate to={loginPath('admin')} replace />;
  if (session) return <Navigate to={homePath(kind)} replace />;
  if (kind === 'partner') {
    return (
      <AuthCard
        title="Apply as a shipping partner"
        description="Tell us about your company. We review every application before orders are assigned."
      >
        <PartnerSignupForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={kind === 'merchant' ? 'Open your store' : 'Create your account'}
      description={
        kind === 'merchant' ? 'Sell to customers across Nigeria.' : 'Shop from stores across Nigeria.'
      }
    >
      <SignupForm kind={kind} />
    </AuthCard>
  );
}
