import { type CloseAccountBody, dataRightsEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { saveBlob } from '../../../lib/open-file';
import { useSessionStore } from '../../../lib/session';
import { profileKeys } from './profile';

/** Saves the customer's personal data as a JSON file they can keep or take elsewhere (NDPA: access, portability). */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const answer = await api(dataRightsEndpoints.exportMine, { kind: 'customer' });
      const file = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' });
      saveBlob(file, `naija-market-my-data-${answer.data.exportedAt.slice(0, 10)}.json`);
    },
    meta: { toast: { fallback: 'Could not prepare your data. Try again later.' } },
  });
}

/** Marketing mail and SMS on or off; order and account messages are not affected. */
export function useMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) =>
      api(dataRightsEndpoints.marketingConsent, { kind: 'customer', body: { consent } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: profileKeys.mine });
    },
  });
}

/** Closes the account; the session is gone on the server, so it goes here too and the person lands home. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CloseAccountBody) => api(dataRightsEndpoints.closeMine, { kind: 'customer', body }),
    // Refusals (an unfinished order, a wrong password) are shown in the form, not as a toast.
    meta: { toast: false },
    onSuccess: (answer) => {
      useSessionStore.getState().clearSession('customer');
      queryClient.clear();
      notifySuccess(answer.message);
      navigate('/', { replace: true });
    },
  });
}
