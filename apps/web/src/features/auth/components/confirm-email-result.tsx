import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/states';
import { segmentOf } from '../../../lib/account';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useConfirmEmail } from '../api/confirm-email';
import type { SignupKind } from '../api/signup';

export function ConfirmEmailResult({ kind, token }: { kind: SignupKind; token: string }) {
  const confirmation = useConfirmEmail(kind, token);
  const login = `/${segmentOf(kind)}/login`;
  if (confirmation.isPending) return <LoadingState label="Confirming your email…" />;
  return (
    <div className="space-y-4">
      {confirmation.isSuccess ? (
        <FormAlert tone="success">{confirmation.data.message}</FormAlert>
      ) : (
        <FormAlert>
          {errorToastMessage(confirmation.error) ?? 'This link is invalid or has expired.'}
        </FormAlert>
      )}
      <Link to={login} className="block font-semibold text-emerald-800 underline">
        Go to sign in
      </Link>
    </div>
  );
}
