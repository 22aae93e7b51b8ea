import { type HubApplicationBody, hubApplicationBody, hubApplicationKinds } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDate } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  HUB_MESSAGES,
  type HubApplicant,
  useApplyForHub,
  useMyHubApplications,
  useOpenHubs,
} from '../api/hubs';
import { ApplicationStatus, kindWords } from './application-status';

function ApplyForm({ kind }: { kind: HubApplicant }) {
  const hubs = useOpenHubs(kind);
  const apply = useApplyForHub(kind);
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useContractForm(hubApplicationBody, {
    defaultValues: { hubId: '', kind: 'use', note: '' } satisfies HubApplicationBody,
  });
  if (hubs.isPending) return <LoadingState label="Loading hubs…" />;
  if (hubs.isError) {
    // A store or shipping company not yet approved does not see the hubs (issue 24): say so, no retry.
    if (isApiError(hubs.error) && hubs.error.status === 403)
      return (
        <EmptyState title="Hubs open to you once an admin approves you">{hubs.error.message}</EmptyState>
      );
    return <ErrorState title={HUB_MESSAGES.hubs} onRetry={() => hubs.refetch()} />;
  }
  if (hubs.data.length === 0)
    return <EmptyState title="No hub is open yet">An admin opens hubs; check again later.</EmptyState>;
  const errors = formState.errors;
  return (
    <form
      aria-label="Apply for a hub"
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        apply.mutate(values, {
          onSuccess: () => reset({ hubId: '', kind: values.kind, note: '' }),
          onError: (error) => setStatus(applyServerErrors(error, setError, ['hubId', 'kind', 'note'])),
        });
      })}
    >
      <h2 className="font-semibold text-slate-900">Apply for a hub</h2>
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Hub"
          aria-required="true"
          options={[
            { value: '', label: 'Choose a hub' },
            ...hubs.data.map((hub) => ({ value: hub.id, label: `${hub.name} (${hub.lga}, ${hub.state})` })),
          ]}
          error={errors.hubId?.message}
          {...register('hubId')}
        />
        <SelectField
          label="You want to"
          options={hubApplicationKinds.map((value) => ({ value, label: kindWords[value] }))}
          error={errors.kind?.message}
          {...register('kind')}
        />
      </div>
      <TextField
        label="Note for the admin (optional)"
        maxLength={500}
        error={errors.note?.message}
        {...register('note')}
      />
      <Button type="submit" loading={apply.isPending}>
        Send application
      </Button>
    </form>
  );
}

function MyApplications({ kind }: { kind: HubApplicant }) {
  const mine = useMyHubApplications(kind);
  if (mine.isPending) return <LoadingState label="Loading your applications…" />;
  if (mine.isError) return <ErrorState title={HUB_MESSAGES.applications} onRetry={() => mine.refetch()} />;
  if (mine.data.length === 0) return <EmptyState title="You have not applied for a hub yet" />;
  return (
    <ul className="space-y-2">
      {mine.data.map((application) => (
        <li key={application.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
            {application.hub.name}
            <ApplicationStatus status={application.status} />
          </p>
          <p className="text-slate-800">
            {kindWords[application.kind]} · applied {formatDate(application.createdAt)}
            {application.decidedAt ? ` · decided ${formatDate(application.decidedAt)}` : ''}
          </p>
          {application.rejectionReason ? (
            <p className="mt-1 rounded-md bg-red-50 p-2 text-red-800">
              Reason: {application.rejectionReason}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A store's or a shipping partner's hub page: apply to run or use a hub, and follow the applications. */
export function HubApplications({ kind }: { kind: HubApplicant }) {
  return (
    <div className="space-y-5">
      <ApplyForm kind={kind} />
      <section aria-labelledby="my-hub-applications" className="space-y-3">
        <h2 id="my-hub-applications" className="text-lg font-semibold text-slate-900">
          Your applications
        </h2>
        <MyApplications kind={kind} />
      </section>
    </div>
  );
}
