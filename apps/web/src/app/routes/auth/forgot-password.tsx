import { AuthCard } from '../../../components/layout/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useAccountKind } from '../../use-account-kind';

export function Component() {
  const kind = useAccountKind();
  return (
    <AuthCard title="Forgot your password?">
      <ForgotPasswordForm kind={kind} />
    </AuthCard>
  );
}
