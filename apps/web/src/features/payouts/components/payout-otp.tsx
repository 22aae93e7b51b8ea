import { finalizePayoutOtpBody, type Payout } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { isApiError } from '../../../lib/errors';
import { useFinalizePayoutOtp, useResendPayoutOtp } from '../api/payout-otp';

/**
 * On a payout Paystack holds until the business confirms it: "Enter OTP" (the code Paystack sent to the business's
 * phone) and "Resend OTP". Shown only to admins who approve payouts.
 */
export function PayoutOtpActions({ payout }: { payout: Payout }) {
  const finalize = useFinalizePayoutOtp();
  const resend = useResendPayoutOtp();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(finalizePayoutOtpBody, { defaultValues: { otp: '' } });
  const submit = handleSubmit(({ otp }) => {
    finalize.mutate(
      { payoutId: payout.id, otp },
      {
        onSuccess: () => reset({ otp: '' }),
        // Paystack's refusal (a wrong or expired OTP) is about the code, so it is said under the field.
        onError: (failure) =>
          setError('otp', {
            message: isApiError(failure) ? failure.message : 'Could not send the OTP; try again',
          }),
      },
    );
  });
  if (!payout.needsOtp) return null;
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-2" data-testid="payout-otp">
      <p className="text-sm text-amber-900">
        Paystack sent an OTP to the business’s phone. Enter it to send this payout.
      </p>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <TextField
          className="w-40"
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.otp?.message}
          {...register('otp')}
        />
        <Button type="submit" disabled={finalize.isPending}>
          Enter OTP
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={resend.isPending}
          onClick={() => resend.mutate(payout.id)}
        >
          Resend OTP
        </Button>
      </form>
    </div>
  );
}
