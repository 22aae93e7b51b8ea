import { systemEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The texts the SMS budget kept unsent in the last `hours` (ADR 066), and the budget itself: the super admin's. */
export function useSmsHeld(hours: number) {
  return useQuery({
    queryKey: ['sms-held', hours] as const,
    queryFn: async ({ signal }) =>
      (await api(systemEndpoints.smsHeld, { kind: 'admin', query: { hours }, signal })).data,
  });
}
