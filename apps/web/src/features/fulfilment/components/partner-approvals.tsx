import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { useApprovePartner, usePartnerApplications } from '../api/fulfilment';

/** Shipping partners waiting for approval; approving one lets orders be assigned to it. */
export function PartnerApprovals() {
  const pending = usePartnerApplications('pending');
  const approve = useApprovePartner();
  if (pending.isPending) return <LoadingState label="Loading partner applications…" />;
  if (pending.isError)
    return (
      <ErrorState
        title="Could not get shipping partners. Try again later."
        onRetry={() => pending.refetch()}
      />
    );
  if (pending.data.length === 0) return <EmptyState title="No shipping partner is waiting for approval" />;
  return (
    <ul className="space-y-2">
      {pending.data.map((partner) => (
        <li
          key={partner.id}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="text-sm">
            <p className="font-bold text-slate-900">{partner.companyName}</p>
            <p className="text-slate-700">
              {partner.email} · {partner.phoneNumber ?? 'no phone'} · applied {formatDate(partner.createdAt)}
            </p>
            {partner.emailConfirmed ? null : <p className="text-amber-900">E-mail not confirmed yet</p>}
          </div>
          <Button
            onClick={() => approve.mutate(partner.id)}
            disabled={approve.isPending}
            aria-label={`Approve ${partner.companyName}`}
          >
            Approve
          </Button>
        </li>
      ))}
    </ul>
  );
}
