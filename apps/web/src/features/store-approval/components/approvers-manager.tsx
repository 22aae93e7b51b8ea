import { type Approver, approverBody } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useApproverCandidates, useApprovers, useRemoveApprover, useSaveApprover } from '../api/approvers';

/** Store approvers: the super admin names, deactivates and removes them; other admins only see the list. */
export function ApproversManager({ canManage }: { canManage: boolean }) {
  const approvers = useApprovers();
  const candidates = useApproverCandidates(canManage);
  const save = useSaveApprover();
  const remove = useRemoveApprover();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors },
  } = useContractForm(approverBody, { defaultValues: { adminId: '', isActive: true } });
  const chosen = watch('adminId');
  const submit = handleSubmit(({ adminId, isActive }) =>
    save.mutate(
      { adminId, isActive },
      // The toast says what went wrong; a 422 about the admin is also said under the select.
      { onSuccess: () => reset(), onError: (error) => applyServerErrors(error, setError, ['adminId']) },
    ),
  );
  const [toRemove, setToRemove] = useState<Approver | null>(null);
  const named = new Set(approvers.data?.map((approver) => approver.adminId));
  const options = (candidates.data ?? []).filter(
    (admin) => !named.has(admin.id) && (admin.accountType === 'admin' || admin.accountType === 'superadmin'),
  );

  return (
    <section aria-label="Store approvers" className="space-y-4">
      {canManage ? (
        <form
          aria-label="Name an approver"
          className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
          onSubmit={submit}
          noValidate
        >
          <SelectField
            label="Admin"
            className="flex-1"
            error={errors.adminId?.message}
            {...register('adminId')}
            options={[
              { value: '', label: candidates.isPending ? 'Loading admins…' : 'Choose an admin' },
              ...options.map((admin) => ({
                value: admin.id,
                label: `${admin.firstName} ${admin.lastName} (${admin.email})`,
              })),
            ]}
          />
          <Button type="submit" disabled={!chosen} loading={save.isPending}>
            Name approver
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">Only a super admin can name approvers.</p>
      )}
      {approvers.isPending ? (
        <LoadingState label="Loading approvers…" />
      ) : approvers.isError ? (
        <ErrorState
          message={errorToastMessage(approvers.error) ?? undefined}
          onRetry={() => approvers.refetch()}
        />
      ) : approvers.data.length === 0 ? (
        <EmptyState title="No approvers yet">A store needs two different approvers to go live.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {approvers.data.map((approver) => {
            const name = `${approver.firstName} ${approver.lastName}`;
            return (
              <li
                key={approver.adminId}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{name}</p>
                  <p className="break-all text-sm text-slate-700">{approver.email}</p>
                  <Badge tone={approver.isActive ? 'green' : 'red'}>
                    {approver.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </div>
                {canManage ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={save.isPending}
                      onClick={() => save.mutate({ adminId: approver.adminId, isActive: !approver.isActive })}
                      aria-label={`${approver.isActive ? 'Deactivate' : 'Activate'} approver ${name}`}
                    >
                      {approver.isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Button
                      variant="dangerGhost"
                      onClick={() => setToRemove(approver)}
                      aria-label={`Remove approver ${name}`}
                    >
                      Remove
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this approver?"
        description={
          toRemove ? `${toRemove.firstName} ${toRemove.lastName} can no longer approve stores.` : ''
        }
        confirmLabel="Remove approver"
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove.adminId, { onSettled: () => setToRemove(null) })}
        onCancel={() => setToRemove(null)}
      />
    </section>
  );
}
