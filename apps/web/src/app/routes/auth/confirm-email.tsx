import { Navigate, useParams } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { ConfirmEmailResult } from '../../../features/auth/components/confirm-email-result';
import { loginPath } from '../../../lib/account';
import { useAccountKind } from '../../use-account-kind';

export function Component() {
  const kind = useAccountKind();
  const { token = '' } = useParams();
  if (kind === 'admin') return <Navigate to={loginPath('admin')} replace />;
  return (
    <AuthCard title="Confirm your email">
      <ConfirmEmailResult kind={kind} token={token} />
    </AuthCard>
  );
}
