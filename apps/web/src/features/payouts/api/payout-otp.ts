import { adminPayoutEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { payoutKeys } from './payouts';

/**
 * Paystack's transfer OTP (ADR 044): the OTP it sent to the business's phone confirms the payout's transfer. A
 * refused OTP (422) stays with the form; anything else is toasted.
 */
export function useFinalizePayoutOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, otp }: { payoutId: string; otp: string }) =>
      api(adminPayoutEndpoints.finalizeOtp, { kind: 'admin', params: { payoutId }, body: { otp } }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });
}

export function useResendPayoutOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: string) =>
      api(adminPayoutEndpoints.resendOtp, { kind: 'admin', params: { payoutId } }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: 'Could not resend the OTP' }),
  });
}
