import {
  type AdminStoreDetails,
  businessTypeLabel,
  idTypeLabels,
  paymentCategories,
  paymentCategoryLabels,
  planLabels,
  staffSizeLabels,
} from '@market/contracts';
import { type ReactNode, useState } from 'react';
import { useCategoryTree } from '../../../api/get-category-tree';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { errorToastMessage } from '../../../lib/toast-rules';
import {
  type PaymentCategory,
  useApproveStore,
  useRejectStore,
  useSetPaymentCategory,
} from '../api/decide-store';
import { useAdminStore } from '../api/get-store';
import { useOpenStoreDocument } from '../api/open-store-document';
import { StoreStatusBadge } from './status-badge';

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-slate-900">{title}</h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="mb-1 break-words text-slate-900">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const address = (value: { street: string; lga: string; state: string } | null | undefined) =>
  value ? `${value.street}, ${value.lga}, ${value.state}` : '—';

function Details({ store }: { store: AdminStoreDetails }) {
  const approve = useApproveStore(store.id);
  const reject = useRejectStore(store.id);
  const payment = useSetPaymentCategory(store.id);
  const openDocument = useOpenStoreDocument(store.id);
  const [confirmApprove, setConfirmApprove] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const onboarding = store.onboarding;
  const categories = useCategoryTree();
  const category = onboarding.category
    ? (categories.data?.find((item) => item.id === onboarding.category)?.name ??
      (categories.isPending ? 'Loading…' : 'Unknown category'))
    : null;
  const subCategories = onboarding.subCategoryIds
    .map(
      (id) => categories.data?.flatMap((item) => item.subCategories ?? []).find((sub) => sub.id === id)?.name,
    )
    .filter(Boolean)
    .join(', ');
  const approverText = (given: boolean, by: AdminStoreDetails['firstApprovedBy']) =>
    given ? `Given${by ? ` by ${by.name}` : ''}` : 'Waiting';

  return (
    <div className="space-y-4">
      <section aria-label="Decision" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold text-slate-900">{store.storeName}</h2>
          <StoreStatusBadge status={store.approvalStatus} />
        </div>
        <ul className="text-sm text-slate-800">
          <li>First approval: {approverText(store.firstApproval, store.firstApprovedBy)}</li>
          <li>Second approval: {approverText(store.secondApproval, store.secondApprovedBy)}</li>
        </ul>
        {store.rejectionReason ? (
          <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">Rejected: {store.rejectionReason}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {store.approvalStatus !== 'approved' ? (
            <Button onClick={() => setConfirmApprove(true)} loading={approve.isPending}>
              Approve store
            </Button>
          ) : null}
          {store.approvalStatus !== 'rejected' ? (
            <Button variant="dangerGhost" onClick={() => setAskReason(true)}>
              Reject store
            </Button>
          ) : null}
        </div>
        <SelectField
          label="Payment category"
          className="max-w-xs"
          value={store.paymentCategory}
          disabled={payment.isPending}
          onChange={(event) => payment.mutate(event.target.value as PaymentCategory)}
          options={paymentCategories.map((value) => ({ value, label: paymentCategoryLabels[value] }))}
        />
      </section>

      <Facts
        title="Merchant"
        rows={[
          ['Name', `${store.merchant.firstName} ${store.merchant.lastName}`],
          ['Email', store.merchant.email],
          ['Phone', store.merchant.phoneNumber],
          [
            'Storefront',
            <a key="storefront" href={`/storefront/${store.storeUrl}`} className="text-emerald-800 underline">
              /storefront/{store.storeUrl}
            </a>,
          ],
          ['Products', store.productsCount],
        ]}
      />
      <Facts
        title="Onboarding answers"
        rows={[
          ['Progress', `${onboarding.percentageComplete}%${onboarding.isComplete ? ' (complete)' : ''}`],
          ['Date of birth', onboarding.dateOfBirth ? formatDate(onboarding.dateOfBirth) : null],
          ['Nationality', onboarding.nationality],
          [
            'ID document',
            onboarding.idDocumentType
              ? `${idTypeLabels[onboarding.idDocumentType]}${onboarding.idDocumentNumber ? `, ${onboarding.idDocumentNumber}` : ''}`
              : null,
          ],
          ['Home address', address(onboarding.homeAddress[0])],
          [
            'Pickup location',
            onboarding.useHomeAddress ? 'Same as home address' : address(onboarding.pickupLocation),
          ],
          ['Business type', businessTypeLabel(store.profile.store.isRegisteredBusiness)],
          ['What they sell', category],
          ['Sub-categories', subCategories || null],
          ['Staff size', onboarding.staffSize ? staffSizeLabels[onboarding.staffSize] : null],
          ['Physical location', onboarding.physicalLocation],
          ['Pricing plan', onboarding.pricingPlan ? planLabels[onboarding.pricingPlan] : null],
        ]}
      />
      <section aria-label="Documents" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold text-slate-900">Documents</h2>
        <div className="flex flex-wrap gap-2">
          {onboarding.idDocumentFileId ? (
            <Button
              variant="secondary"
              loading={openDocument.isPending && openDocument.variables === onboarding.idDocumentFileId}
              onClick={() => openDocument.mutate(onboarding.idDocumentFileId!)}
            >
              Open ID document
            </Button>
          ) : (
            <p className="text-sm text-slate-700">No ID document yet.</p>
          )}
          {onboarding.proofOfAddressFileId ? (
            <Button
              variant="secondary"
              loading={openDocument.isPending && openDocument.variables === onboarding.proofOfAddressFileId}
              onClick={() => openDocument.mutate(onboarding.proofOfAddressFileId!)}
            >
              Open proof of address
            </Button>
          ) : (
            <p className="text-sm text-slate-700">No proof of address yet.</p>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={confirmApprove}
        tone="primary"
        title="Approve this store?"
        description={
          store.firstApproval
            ? 'This is the second approval: the store and its approved products become visible to customers.'
            : 'This is the first approval; a second approver must approve too.'
        }
        confirmLabel="Approve"
        busy={approve.isPending}
        onConfirm={() => approve.mutate(undefined, { onSettled: () => setConfirmApprove(false) })}
        onCancel={() => setConfirmApprove(false)}
      />
      <PromptDialog
        open={askReason}
        title="Reject this store?"
        description="The merchant receives your reason by mail and can fix their onboarding."
        label="Reason"
        minLength={5}
        tooShort="Give the merchant a reason"
        confirmLabel="Reject store"
        busy={reject.isPending}
        onConfirm={(reason) => reject.mutate(reason, { onSuccess: () => setAskReason(false) })}
        onCancel={() => setAskReason(false)}
      />
    </div>
  );
}

/** One store's details for approval: merchant, onboarding answers, private documents and the decision. */
export function StoreDetails({ id }: { id: string }) {
  const store = useAdminStore(id);
  if (store.isPending) return <LoadingState label="Loading store…" />;
  if (store.isError)
    return (
      <ErrorState message={errorToastMessage(store.error) ?? undefined} onRetry={() => store.refetch()} />
    );
  return <Details store={store.data} />;
}
