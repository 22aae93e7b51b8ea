import { dataRightsEndpoints, writtenRequestBody } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { api } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { saveBlob } from '../../../lib/open-file';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contract's written request, and whose account it is about (the path's id, said in the form's words). */
const writtenRequest = writtenRequestBody.extend({
  accountId: z.string().trim().regex(UUID, 'Enter the account id (36 characters, with dashes)'),
});
type WrittenRequest = z.output<typeof writtenRequest>;
const requestFields = ['accountId', 'reason'] as const;

/** What went wrong, in the server's words when it gave some (a 409 says what is unfinished). */
const problemOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

/**
 * `/admin/data-rights`: an admin holding `data-rights:act` acts on a person's written request (ADR 073): downloads
 * their personal data or closes their account (a customer, a store's staff member or a shipping partner), the
 * request's reference recorded as the reason in the audit trail.
 */
export function Component() {
  useDocumentTitle('Data requests');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(writtenRequest, { defaultValues: { accountId: '', reason: '' } });
  const [confirming, setConfirming] = useState<WrittenRequest | null>(null);

  const download = useMutation({
    mutationFn: async ({ accountId, reason }: WrittenRequest) => {
      const answer = await api(dataRightsEndpoints.adminExport, {
        kind: 'admin',
        params: { id: accountId },
        query: { reason },
      });
      const file = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' });
      saveBlob(file, `personal-data-${accountId}-${answer.data.exportedAt.slice(0, 10)}.json`);
    },
    meta: { toast: false },
  });
  const close = useMutation({
    mutationFn: ({ accountId, reason }: WrittenRequest) =>
      api(dataRightsEndpoints.adminClose, { kind: 'admin', params: { id: accountId }, body: { reason } }),
    meta: { toast: false },
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      setConfirming(null);
    },
    onError: () => setConfirming(null),
  });

  // A 422 about the request is said under its field as well as above the buttons.
  const onFailure = (error: unknown) => applyServerErrors<WrittenRequest>(error, setError, requestFields);
  const onDownload = handleSubmit((request) => {
    close.reset();
    download.mutate(request, { onError: onFailure });
  });
  const onClose = handleSubmit((request) => {
    download.reset();
    setConfirming(request);
  });

  return (
    <>
      <PageHeader
        title="Data requests"
        description="Act on a person's written request under the Nigeria Data Protection Act: download their personal data, or close their account. Customers, store staff and shipping partners; never an admin. Each act is recorded in the audit trail with the request's reference."
      />
      <form
        aria-label="Act on a written request"
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={onDownload}
        noValidate
      >
        <TextField
          label="Account id"
          maxLength={36}
          autoComplete="off"
          spellCheck={false}
          hint="The id on the person's account page or in the audit trail"
          error={errors.accountId?.message}
          {...register('accountId')}
        />
        <TextareaField
          label="Written request"
          maxLength={1000}
          error={errors.reason?.message}
          placeholder="Where the request is kept and what it asks, e.g. Letter of 28 Nov, ticket DR-17"
          {...register('reason')}
        />
        {download.isError ? (
          <FormAlert>{problemOf(download.error, 'Could not prepare the data. Try again later.')}</FormAlert>
        ) : null}
        {download.isSuccess ? (
          <FormAlert tone="success">The personal data was saved as a JSON file.</FormAlert>
        ) : null}
        {close.isError ? (
          <FormAlert>{problemOf(close.error, 'Could not close the account. Try again later.')}</FormAlert>
        ) : null}
        {close.isSuccess ? (
          <FormAlert tone="success">
            The account is closed: personal data erased, financial records kept anonymised.
          </FormAlert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={download.isPending}>
            {download.isPending ? 'Preparing…' : 'Download their data'}
          </Button>
          <Button type="button" variant="danger" disabled={close.isPending} onClick={onClose}>
            Close their account
          </Button>
        </div>
        <p className="text-sm text-slate-700">
          <Link
            className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
            to="/admin/audit?subjectType=account"
          >
            Earlier requests in the audit trail
          </Link>
        </p>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Close this account?"
        description="Their name, e-mail, phone, photo and addresses are erased and every session ends. Orders, payments and refunds stay, without their name. This cannot be undone."
        confirmLabel="Close the account"
        busy={close.isPending}
        onConfirm={() => confirming && close.mutate(confirming, { onError: onFailure })}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
