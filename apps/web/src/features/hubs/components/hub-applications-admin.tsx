import type { HubApplication } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import {
  HUB_MESSAGES,
  useApproveHubApplication,
  useHubApplications,
  useRejectHubApplication,
} from '../api/hubs';
import { kindWords } from './application-status';

/** Applications waiting for a decision, oldest first: approve, or reject with a reason the applicant sees. */
export function HubApplicationsAdmin() {
  const pending = useHubApplications('pending');
  const approve = useApproveHubApplication();
  const reject = useRejectHubApplication();
  const [rejecting, setRejecting] = useState<HubApplication>();
  return (
    <section aria-labelledby="hub-applications-heading" className="space-y-3">
      <h2 id="hub-applications-heading" className="text-lg font-semibold text-slate-900">
        Pending applications
      </h2>
      {pending.isPending ? (
        <LoadingState label="Loading hub applications…" />
      ) : pending.isError ? (
        <ErrorState title={HUB_MESSAGES.applications} onRetry={() => pending.refetch()} />
      ) : pending.data.length === 0 ? (
        <EmptyState title="No hub application is waiting" />
      ) : (
        <ul className="space-y-2">
          {pending.data.map((application) => (
            <li
              key={application.id}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-bold text-slate-900">
                  {application.applicantName}{' '}
                  <span className="font-normal text-slate-700">
                    ({application.applicantKind === 'store' ? 'store' : 'shipping partner'})
                  </span>
                </p>
                <p className="text-slate-800">
                  {kindWords[application.kind]}: {application.hub.name} ({application.hub.lga},{' '}
                  {application.hub.state})
                </p>
                {application.note ? <p className="text-slate-700">“{application.note}”</p> : null}
                <p className="text-slate-700">Applied {formatDate(application.createdAt)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  onClick={() => approve.mutate(application.id)}
                  disabled={approve.isPending}
                  aria-label={`Approve ${application.applicantName} for ${application.hub.name}`}
                >
                  Approve
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setRejecting(application)}
                  disabled={reject.isPending}
                  aria-label={`Reject ${application.applicantName} for ${application.hub.name}`}
                >
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PromptDialog
        open={Boolean(rejecting)}
        title="Reject this application?"
        description="The applicant sees your reason and may apply again."
        label="Reason"
        confirmLabel="Reject application"
        minLength={3}
        tooShort="Say why the application is rejected"
        busy={reject.isPending}
        onCancel={() => setRejecting(undefined)}
        onConfirm={(reason) =>
          rejecting &&
          reject.mutate({ id: rejecting.id, reason }, { onSettled: () => setRejecting(undefined) })
        }
      />
    </section>
  );
}
