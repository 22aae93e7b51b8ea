import { type CloseAccountBody, dataRightsEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { loginPath } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { saveBlob } from '../../../lib/open-file';
import { useSessionStore } from '../../../lib/session';

/** The two dashboard accounts that hold personal data of their own: a store's staff member, a shipping partner. */
export type BusinessAccountKind = 'merchant' | 'partner';

const endpointsOf = {
  merchant: {
    exportData: dataRightsEndpoints.exportMineMerchant,
    close: dataRightsEndpoints.closeMineMerchant,
  },
  partner: { exportData: dataRightsEndpoints.exportMinePartner, close: dataRightsEndpoints.closeMinePartner },
} as const;

/** Saves the staff member's or partner's personal data as a JSON file (NDPA: access, portability; ADR 073). */
export function useDownloadBusinessData(kind: BusinessAccountKind) {
  return useMutation({
    mutationFn: async () => {
      const answer = await api(endpointsOf[kind].exportData, { kind });
      const file = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' });
      saveBlob(file, `naija-market-my-data-${answer.data.exportedAt.slice(0, 10)}.json`);
    },
    meta: { toast: { fallback: 'Could not prepare your data. Try again later.' } },
  });
}

/** Closes the account; the server has ended every session, so this one goes too and the person lands on sign-in. */
export function useCloseBusinessAccount(kind: BusinessAccountKind) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CloseAccountBody) => api(endpointsOf[kind].close, { kind, body }),
    // Refusals (a store's owner, an order still carried, a wrong password) are shown in the form, not as a toast.
    meta: { toast: false },
    onSuccess: (answer) => {
      useSessionStore.getState().clearSession(kind);
      queryClient.clear();
      notifySuccess(answer.message);
      navigate(loginPath(kind), { replace: true });
    },
  });
}
