import type { StoreProfile } from '@market/contracts';
import { useStoreProfile } from '../api/get-store-profile';

type ApprovalState = Pick<
  StoreProfile['store'],
  'firstApproval' | 'secondApproval' | 'approvalStatus' | 'rejectionReason'
>;

/** How many of the two approvals a store has (issue 34 item 22). */
export const approvalsDone = (store: ApprovalState) =>
  Number(store.firstApproval) + Number(store.secondApproval);

/**
 * The owner's card on the dashboard while the store waits for the platform: "1 of 2 approvals", or the reason it
 * was rejected. Nothing once approved, while loading, or when the profile cannot be read (the dashboard's own
 * parts show their errors).
 */
export function ApprovalProgress() {
  const profile = useStoreProfile();
  const store = profile.data?.store;
  if (!store || store.approvalStatus === 'approved') return null;
  return <ApprovalCard store={store} />;
}

export function ApprovalCard({ store }: { store: ApprovalState }) {
  const done = approvalsDone(store);
  if (store.approvalStatus === 'rejected')
    return (
      <section
        aria-labelledby="approval-progress-title"
        className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
      >
        <h2 id="approval-progress-title" className="text-lg font-semibold">
          Your store was not approved
        </h2>
        <p className="mt-1 text-sm">
          {store.rejectionReason
            ? `The approvers said: ${store.rejectionReason}`
            : 'The approvers gave no reason.'}{' '}
          Change what they asked for in your store settings; the store is then looked at again.
        </p>
      </section>
    );
  return (
    <section
      aria-labelledby="approval-progress-title"
      className="mb-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950"
    >
      <h2 id="approval-progress-title" className="text-lg font-semibold">
        Waiting for approval ({done} of 2)
      </h2>
      <p className="mt-1 text-sm">
        Two of the platform's approvers look at each new store. {done === 0 ? 'Neither has' : 'One has'}{' '}
        approved yours so far; customers can see your store once both have. We mail you when it is approved.
      </p>
    </section>
  );
}
