import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/states';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useConfirmEmailChange } from '../api/profile';

/** The page the mailed link opens: confirms the new address once and says what happened. */
export function ConfirmEmailChange({ token }: { token: string }) {
  const confirmation = useConfirmEmailChange(token);
  if (confirmation.isPending) return <LoadingState label="Confirming your new email…" />;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Confirm your new email</h1>
      {confirmation.isSuccess ? (
        <FormAlert tone="success">
          {confirmation.data.message} Sign in with {confirmation.data.data.email} from now on.
        </FormAlert>
      ) : (
        <FormAlert>
          {errorToastMessage(confirmation.error) ?? 'This link is not valid or has expired.'}
        </FormAlert>
      )}
      <Link to="/account/profile" className="block font-semibold text-emerald-800 underline">
        Go to your profile
      </Link>
    </div>
  );
}
