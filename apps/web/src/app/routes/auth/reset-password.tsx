import { useParams } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useAccountKind } from '../../use-account-kind';

export function Component() {
  const kind = useAccountKind();
  const { token = '' } = useParams();
  return (
    <AuthCard title="Set a new password" description="Choose the password you will sign in with.">
      <ResetPasswordForm kind={kind} token={token} />
    </AuthCard>
  );
}
