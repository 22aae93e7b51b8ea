import { dataRightsEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { saveBlob } from '../../../lib/open-file';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface WrittenRequest {
  accountId: string;
  reason: string;
}

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
  const [draft, setDraft] = useState<WrittenRequest>({ accountId: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof WrittenRequest, string>>>({});
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

  /** The request as typed, or null with the fields' problems shown. */
  const checked = (): WrittenRequest | null => {
    const request = { accountId: draft.accountId.trim(), reason: draft.reason.trim() };
    const found: typeof errors = {};
    if (!UUID.test(request.accountId)) found.accountId = 'Enter the account id (36 characters, with dashes)';
    if (request.reason.length < 5) found.reason = 'Say which written request this acts on';
    setErrors(found);
    return Object.keys(found).length === 0 ? request : null;
  };

  const onDownload = (event: FormEvent) => {
    event.preventDefault();
    const request = checked();
    if (request) {
      close.reset();
      download.mutate(request);
    }
  };
  const onClose = () => {
    const request = checked();
    if (request) {
      download.reset();
      setConfirming(request);
    }
  };

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
          value={draft.accountId}
          maxLength={36}
          autoComplete="off"
          spellCheck={false}
          hint="The id on the person's account page or in the audit trail"
          error={errors.accountId}
          onChange={(event) => setDraft((current) => ({ ...current, accountId: event.target.value }))}
        />
        <TextareaField
          label="Written request"
          value={draft.reason}
          maxLength={1000}
          error={errors.reason}
          placeholder="Where the request is kept and what it asks, e.g. Letter of 28 Nov, ticket DR-17"
          onChange={(event) => setDraft((current) => ({ ...current, reason: event.target.value }))}
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
        onConfirm={() => confirming && close.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
