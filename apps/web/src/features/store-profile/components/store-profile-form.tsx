import {
  nigerianStates,
  type StoreProfile,
  type StoreProfileBody,
  socialNetworks,
  storeProfileBody,
} from '@market/contracts';
import { useState } from 'react';
import { type UseFormRegister, useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { serverFieldPaths } from '../../../lib/server-errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useStoreHubOptions } from '../api/get-hub-options';
import { useStoreProfile } from '../api/get-store-profile';
import { useSaveStoreProfile } from '../api/save-store-profile';
import { useUploadLogo } from '../api/upload-logo';

const resolver = contractResolver<typeof storeProfileBody, StoreProfileBody>(storeProfileBody);
const socialLabels: Record<(typeof socialNetworks)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  tiktok: 'TikTok',
  tumblr: 'Tumblr',
  twitter: 'X (Twitter)',
  vimeo: 'Vimeo',
  youtube: 'YouTube',
};

function ApprovalPanel({ store }: { store: StoreProfile['store'] }) {
  const tone =
    store.approvalStatus === 'approved' ? 'green' : store.approvalStatus === 'rejected' ? 'red' : 'amber';
  return (
    <section aria-label="Approval" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-slate-900">Approval</h2>
        <Badge tone={tone}>{store.approvalStatus[0]!.toUpperCase() + store.approvalStatus.slice(1)}</Badge>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        <li>First approval: {store.firstApproval ? 'given' : 'waiting'}</li>
        <li>Second approval: {store.secondApproval ? 'given' : 'waiting'}</li>
      </ul>
      {store.approvalStatus === 'rejected' && store.rejectionReason ? (
        <p className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">Reason: {store.rejectionReason}</p>
      ) : null}
    </section>
  );
}

function LogoUpload({ logo }: { logo: string | null }) {
  const upload = useUploadLogo();
  return (
    <section
      aria-label="Logo"
      className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {logo ? (
        <img src={logo} alt="Store logo" className="h-20 w-20 rounded-full border object-cover" />
      ) : (
        <div aria-hidden="true" className="h-20 w-20 rounded-full bg-slate-100" />
      )}
      <div className="min-w-0 flex-1">
        <label htmlFor="store-logo" className="block text-sm font-medium text-slate-800">
          Logo (JPEG, PNG or WebP)
        </label>
        <input
          id="store-logo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        <p aria-live="polite" className="text-sm text-slate-700">
          {upload.isPending ? 'Uploading logo…' : ''}
        </p>
      </div>
    </section>
  );
}

function ProfileForm({ profile }: { profile: StoreProfile }) {
  const save = useSaveStoreProfile();
  const [status, setStatus] = useState<string | null>(null);
  const store = profile.store;
  const { register, handleSubmit, setError, formState } = useForm<StoreProfileBody>({
    resolver,
    defaultValues: {
      socials: Object.fromEntries(socialNetworks.map((name) => [name, profile.socials[name] ?? ''])),
      store: {
        storeName: store.storeName,
        storePhoneNumber: store.storePhoneNumber ?? '',
        isPhysicalLocation: store.isPhysicalLocation,
        officeAddress: store.officeAddress ?? '',
        isRegisteredBusiness: store.isRegisteredBusiness,
        tin: store.tin ?? '',
        isVatRegistered: store.isVatRegistered,
        hubId: store.hubId,
        shippingLocation: {
          country: 'Nigeria',
          state: store.shippingLocation?.state ?? '',
          street: store.shippingLocation?.street ?? '',
          city: store.shippingLocation?.city ?? '',
        },
      },
    },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    save.mutate(values, {
      onError: (error) => setStatus(applyServerErrors(error, setError, serverFieldPaths(error))),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Store profile" className="space-y-5">
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold text-slate-900">Store</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Store name"
            error={errors.store?.storeName?.message}
            {...register('store.storeName')}
          />
          <TextField
            label="Store phone number"
            type="tel"
            inputMode="tel"
            error={errors.store?.storePhoneNumber?.message}
            {...register('store.storePhoneNumber')}
          />
        </div>
        <CheckboxField
          label="Customers can visit a physical shop"
          {...register('store.isPhysicalLocation')}
        />
        <CheckboxField label="Registered business (CAC)" {...register('store.isRegisteredBusiness')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Tax Identification Number (TIN, optional)"
            autoComplete="off"
            hint="Printed on your customers' receipts and your monthly statements, e.g. 12345678-0001."
            error={errors.store?.tin?.message}
            {...register('store.tin', {
              setValueAs: (value: string | null) => (value?.trim() ? value : null),
            })}
          />
          <CheckboxField label="Registered for VAT" {...register('store.isVatRegistered')} />
        </div>
        <TextField
          label="Office address"
          error={errors.store?.officeAddress?.message}
          {...register('store.officeAddress')}
        />
      </fieldset>
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold text-slate-900">Ships from</legend>
        <TextField
          label="Street"
          error={errors.store?.shippingLocation?.street?.message}
          {...register('store.shippingLocation.street')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="City"
            error={errors.store?.shippingLocation?.city?.message}
            {...register('store.shippingLocation.city')}
          />
          <SelectField
            label="State"
            options={[
              { value: '', label: 'Choose a state' },
              ...nigerianStates.map((s) => ({ value: s.name, label: s.name })),
            ]}
            error={errors.store?.shippingLocation?.state?.message}
            {...register('store.shippingLocation.state')}
          />
        </div>
      </fieldset>
      <HubSelect
        current={store.hubId}
        error={errors.store?.hubId?.message}
        {...register('store.hubId', { setValueAs: (value: string | null) => (value ? value : null) })}
      />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold text-slate-900">Social links</legend>
        {socialNetworks.map((name) => (
          <TextField
            key={name}
            label={socialLabels[name]}
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errors.socials?.[name]?.message}
            {...register(`socials.${name}`)}
          />
        ))}
      </fieldset>
      <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
        Save store profile
      </Button>
    </form>
  );
}

/** The platform hub the store drops parcels at: one of the hubs an admin approved it for (/merchant/hubs). */
function HubSelect({
  current,
  error,
  ...field
}: { current: string | null; error?: string } & ReturnType<UseFormRegister<StoreProfileBody>>) {
  const hubs = useStoreHubOptions();
  const options = hubs.data ?? [];
  const listed = !current || options.some((hub) => hub.id === current);
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">Platform hub</legend>
      <SelectField
        label="Hub you drop parcels at"
        error={error}
        options={[
          {
            value: '',
            label: hubs.isPending ? 'Loading hubs…' : 'No hub: the platform decides where parcels go',
          },
          ...options.map((hub) => ({ value: hub.id, label: hub.name })),
          // The saved hub stays an option while the list loads (or after its approval ended), so saving the
          // form never clears it by accident.
          ...(listed || !current
            ? []
            : [
                {
                  value: current,
                  label: hubs.isPending ? 'Your current hub' : 'Your current hub (no longer approved)',
                },
              ]),
        ]}
        {...field}
      />
      <p className="text-sm text-slate-700">
        {hubs.isError
          ? 'Could not get your hubs. Try again later.'
          : options.length === 0 && !hubs.isPending
            ? 'Apply for a hub on the Hubs page; once an admin approves it, choose it here.'
            : 'Orders the platform sends to its hub go to this one.'}
      </p>
    </fieldset>
  );
}

/** The store profile: approval state, logo and the profile form. */
export function StoreProfileEditor() {
  const profile = useStoreProfile();
  if (profile.isPending) return <LoadingState label="Loading store profile…" />;
  if (profile.isError)
    return (
      <ErrorState message={errorToastMessage(profile.error) ?? undefined} onRetry={() => profile.refetch()} />
    );
  return (
    <div className="space-y-5">
      <ApprovalPanel store={profile.data.store} />
      <LogoUpload logo={profile.data.store.logo} />
      <ProfileForm profile={profile.data} />
    </div>
  );
}
