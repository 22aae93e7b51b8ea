import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/states';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useConfirmContactAddress } from '../api/contact';

/** The page the contact form's first mail links to: confirms the sender's address once and says what happened. */
export function ConfirmContactAddress({ token }: { token: string }) {
  const confirmation = useConfirmContactAddress(token);
  if (confirmation.isPending) return <LoadingState label="Confirming your address…" />;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Confirm your address</h1>
      {confirmation.isSuccess ? (
        <FormAlert tone="success">{confirmation.data.message}</FormAlert>
      ) : (
        <FormAlert>
          {errorToastMessage(confirmation.error) ?? 'This link is not valid or was already used.'}
        </FormAlert>
      )}
      <Link to="/" className="block font-semibold text-emerald-800 underline">
        Go to the home page
      </Link>
    </div>
  );
}
