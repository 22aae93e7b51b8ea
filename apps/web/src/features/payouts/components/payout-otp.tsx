import { finalizePayoutOtpBody, type Payout } from '@market/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/errors';
import { useFinalizePayoutOtp, useResendPayoutOtp } from '../api/payout-otp';

/**
 * On a payout Paystack holds until the business confirms it: "Enter OTP" (the code Paystack sent to the business's
 * phone) and "Resend OTP". Shown only to admins who approve payouts.
 */
export function PayoutOtpActions({ payout }: { payout: Payout }) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const finalize = useFinalizePayoutOtp();
  const resend = useResendPayoutOtp();
  if (!payout.needsOtp) return null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = finalizePayoutOtpBody.safeParse({ otp });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the OTP');
      return;
    }
    setError(undefined);
    finalize.mutate(
      { payoutId: payout.id, otp: parsed.data.otp },
      {
        onSuccess: () => setOtp(''),
        onError: (failure) =>
          setError(isApiError(failure) ? failure.message : 'Could not send the OTP; try again'),
      },
    );
  }
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
          value={otp}
          error={error}
          onChange={(event) => setOtp(event.target.value)}
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
