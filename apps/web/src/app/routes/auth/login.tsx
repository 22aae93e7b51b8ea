import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { LoginForm } from '../../../features/auth/components/login-form';
import { accountLabels, safeNextPath } from '../../../lib/account';
import { useSession } from '../../../lib/session';
import { useAccountKind } from '../../use-account-kind';

export function Component() {
  const kind = useAccountKind();
  const session = useSession(kind);
  const [searchParams] = useSearchParams();
  if (session) return <Navigate to={safeNextPath(kind, searchParams.get('next'))} replace />;
  return (
    <AuthCard title="Sign in" description={`${accountLabels[kind]} account`}>
      <LoginForm kind={kind} />
    </AuthCard>
  );
}
