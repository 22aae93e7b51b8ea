import {
  createPolicyBody,
  POLICY_BODY_MAX,
  type PolicyType,
  policyTypeLabels,
  policyTypes,
  type StorePolicy,
} from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatNumber } from '../../../lib/numbers';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useCreatePolicy, useDeletePolicy, usePolicies, useUpdatePolicy } from '../api/merchant-policies';
import { PolicyText } from './policy-text';

const FIELDS = ['type', 'title', 'body'] as const;

/** Adds a policy, or edits `policy`; kinds the store already has are not offered for a new one. */
function PolicyForm({
  policy,
  taken,
  onDone,
}: {
  policy?: StorePolicy;
  taken: readonly PolicyType[];
  onDone(): void;
}) {
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const [status, setStatus] = useState<string | null>(null);
  const free = policyTypes.filter((type) => type === policy?.type || !taken.includes(type));
  const { register, handleSubmit, setError, formState, watch } = useContractForm(createPolicyBody, {
    defaultValues: {
      type: policy?.type ?? free[0],
      title: policy?.title ?? '',
      body: policy?.body ?? '',
    },
  });
  const length = watch('body')?.length ?? 0;
  const onError = (error: unknown) => setStatus(applyServerErrors(error, setError, FIELDS));
  return (
    <form
      aria-label={policy ? `Edit ${policy.title}` : 'New policy'}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        if (policy) update.mutate({ id: policy.id, body: values }, { onSuccess: onDone, onError });
        else create.mutate(values, { onSuccess: onDone, onError });
      })}
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Kind"
          aria-required="true"
          options={free.map((type) => ({ value: type, label: policyTypeLabels[type] }))}
          error={formState.errors.type?.message}
          {...register('type')}
        />
        <TextField
          label="Title"
          aria-required="true"
          error={formState.errors.title?.message}
          {...register('title')}
        />
      </div>
      <TextareaField
        label="Policy"
        aria-required="true"
        rows={8}
        error={formState.errors.body?.message}
        {...register('body')}
      />
      <p className="text-sm text-slate-600">
        Plain text; leave a blank line between paragraphs. {formatNumber(length)} of{' '}
        {formatNumber(POLICY_BODY_MAX)} characters.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {policy ? 'Save policy' : 'Add policy'}
        </Button>
      </div>
    </form>
  );
}

/** The store's policies: add one of each kind, edit, delete. Customers see them on the storefront. */
export function PoliciesManager() {
  const list = usePolicies();
  const remove = useDeletePolicy();
  const [editing, setEditing] = useState<StorePolicy | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<StorePolicy | null>(null);

  if (list.isPending) return <LoadingState label="Loading policies…" />;
  if (list.isError)
    return (
      <ErrorState
        title="Could not get policies"
        message={errorToastMessage(list.error) ?? undefined}
        onRetry={() => list.refetch()}
      />
    );
  const { rows, count } = list.data;
  const taken = rows.map((row) => row.type);
  const allKinds = taken.length >= policyTypes.length;

  return (
    <section aria-label="Your policies" className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">
          {count === 0 ? 'No policies yet.' : `${count} of ${policyTypes.length} policies written.`}
        </p>
        {editing === null && !allKinds ? <Button onClick={() => setEditing('new')}>New policy</Button> : null}
      </div>
      {editing === 'new' ? <PolicyForm taken={taken} onDone={() => setEditing(null)} /> : null}
      {count === 0 && editing === null ? (
        <EmptyState title="No policies yet">
          Tell customers how you ship, take returns and refund. Policies appear on your storefront and product
          pages.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {rows.map((policy) =>
            editing !== 'new' && editing?.id === policy.id ? (
              <li key={policy.id}>
                <PolicyForm policy={policy} taken={taken} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={policy.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div>
                    <h2 className="font-semibold text-slate-900">{policy.title}</h2>
                    <p className="text-sm text-slate-600">
                      {policyTypeLabels[policy.type]} · updated {formatDate(policy.updatedAt)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(policy)}
                      disabled={editing !== null}
                    >
                      Edit<span className="sr-only"> {policy.title}</span>
                    </Button>
                    <Button variant="dangerGhost" onClick={() => setToDelete(policy)}>
                      Delete<span className="sr-only"> {policy.title}</span>
                    </Button>
                  </div>
                </div>
                <details className="mt-2 text-sm">
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold text-emerald-800">
                    Read it
                  </summary>
                  <PolicyText body={policy.body} />
                </details>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this policy?"
        description={`“${toDelete?.title ?? ''}” will no longer show on your storefront.`}
        confirmLabel="Delete policy"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </section>
  );
}
