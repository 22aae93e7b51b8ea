import { type IdDocumentType, idTypeLabels, paymentCategoryLabels } from '@market/contracts';
import { useCategoryTree } from '../../../api/get-category-tree';
import { Badge } from '../../../components/ui/badge';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { labelFrom } from '../../../lib/labels';
import { useMerchantProfile } from '../api/merchants';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** A merchant's account, store and onboarding answers (documents stay in store approval). */
export function MerchantProfile({ merchantId }: { merchantId: string }) {
  const profile = useMerchantProfile(merchantId);
  const categories = useCategoryTree();
  if (profile.isPending) return <LoadingState label="Loading the merchant's profile…" />;
  if (profile.isError)
    return (
      <ErrorState
        title="Could not get merchant profile. Try again later."
        onRetry={() => profile.refetch()}
      />
    );
  const data = profile.data;
  const address = data.onboarding.homeAddress[0];
  // The onboarding answer is the category's id; a person reads its name.
  const categoryId = data.onboarding.category;
  const category = categoryId
    ? (categories.data?.find((item) => item.id === categoryId)?.name ??
      (categories.isPending ? 'Loading…' : 'Unknown category'))
    : 'Not given';
  const idType = data.onboarding.idDocumentType;
  return (
    <section aria-labelledby="merchant-profile" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="merchant-profile" className="text-lg font-semibold text-slate-900">
          {data.firstName} {data.lastName}
        </h2>
        <Badge tone={data.store.approvalStatus === 'approved' ? 'green' : 'amber'}>
          {labelFrom({}, data.store.approvalStatus)}
        </Badge>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Row label="Store" value={data.store.storeName} />
        <Row label="E-mail" value={data.email} />
        <Row label="Phone" value={data.phoneNumber ?? 'Not given'} />
        <Row label="Store phone" value={data.store.storePhoneNumber ?? 'Not given'} />
        <Row label="Office address" value={data.store.officeAddress ?? 'Not given'} />
        <Row label="Registered business" value={data.store.isRegisteredBusiness ? 'Yes' : 'No'} />
        <Row label="Payment category" value={labelFrom(paymentCategoryLabels, data.store.paymentCategory)} />
        <Row label="Onboarding" value={`${data.onboarding.percentageComplete}% complete`} />
        <Row label="Business category" value={category} />
        <Row
          label="Date of birth"
          value={data.onboarding.dateOfBirth ? formatDate(data.onboarding.dateOfBirth) : 'Not given'}
        />
        <Row label="Nationality" value={data.onboarding.nationality ?? 'Not given'} />
        <Row
          label="Identity document"
          value={
            data.onboarding.hasIdDocument
              ? idType
                ? labelFrom(idTypeLabels as Record<IdDocumentType, string>, idType)
                : 'Uploaded'
              : 'Not uploaded'
          }
        />
        <Row
          label="Home address"
          value={
            address ? [address.street, address.lga, address.state].filter(Boolean).join(', ') : 'Not given'
          }
        />
        <Row label="Last sign-in" value={data.lastLoginAt ? formatDateTime(data.lastLoginAt) : 'Never'} />
      </dl>
    </section>
  );
}
