import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useResendConfirmation } from '../api/resend-confirmation';
import type { SignupKind } from '../api/signup';

/** Offered when a sign-in meets an unconfirmed email, and after sign-up. */
export function ResendConfirmation({ kind, email }: { kind: SignupKind; email: string }) {
  const resend = useResendConfirmation(kind);
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-800">
        Did not get the confirmation mail for <strong className="break-all">{email}</strong>?
      </p>
      <Button
        variant="secondary"
        className="w-full"
        loading={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        Resend confirmation email
      </Button>
      {resend.isSuccess ? <FormAlert tone="success">{resend.data.message}</FormAlert> : null}
    </div>
  );
}
