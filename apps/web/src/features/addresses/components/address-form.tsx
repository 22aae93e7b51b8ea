import {
  findState,
  nigerianStates,
  type ShippingAddress,
  type ShippingAddressBody,
  shippingAddressBody,
} from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAddAddress } from '../api/add-address';
import { useUpdateAddress } from '../api/update-address';

const fields = ['fullName', 'phoneNumber', 'emailAddress', 'stateOrRegion', 'lga', 'address'] as const;

const stateOptions = [
  { value: '', label: 'Choose a state' },
  ...nigerianStates.map((state) => ({ value: state.name, label: state.name })),
];

interface AddressFormProps {
  /** The address to edit; without it the form adds one. */
  address?: ShippingAddress;
  /** Prefill for a new address (the customer's own name and email). */
  prefill?: Partial<ShippingAddressBody>;
  onDone(address: ShippingAddress): void;
  onCancel(): void;
}

/** Name, phone, email, street, and state → LGA pickers (the LGA list follows the state; all 774 LGAs). */
export function AddressForm({ address, prefill, onDone, onCancel }: AddressFormProps) {
  const add = useAddAddress();
  const update = useUpdateAddress();
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm(shippingAddressBody, {
    defaultValues: {
      fullName: address?.fullName ?? prefill?.fullName ?? '',
      phoneNumber: address?.phoneNumber ?? prefill?.phoneNumber ?? '',
      emailAddress: address?.emailAddress ?? prefill?.emailAddress ?? '',
      stateOrRegion: address?.stateOrRegion ?? '',
      lga: address?.lga ?? '',
      address: address?.address ?? '',
      default: false,
    },
  });
  const state = watch('stateOrRegion');
  const lgas = findState(state ?? '')?.lgas ?? [];

  const onError = (error: unknown) => setStatus(applyServerErrors(error, setError, fields));
  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    if (address) {
      const { default: _default, ...changes } = values;
      update.mutate(
        { id: address.id, body: changes },
        { onSuccess: (answer) => onDone(answer.data), onError },
      );
    } else {
      add.mutate(values, { onSuccess: (answer) => onDone(answer.data), onError });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={address ? 'Edit address' : 'Add an address'}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-bold text-slate-900">{address ? 'Edit address' : 'Add an address'}</h3>
      {status ? <FormAlert>{status}</FormAlert> : null}
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.emailAddress?.message}
          {...register('emailAddress')}
        />
      </div>
      <TextField
        label="Street address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="State"
          options={stateOptions}
          error={errors.stateOrRegion?.message}
          {...register('stateOrRegion', { onChange: () => setValue('lga', '') })}
        />
        <SelectField
          label="LGA"
          options={[
            { value: '', label: state ? 'Choose an LGA' : 'Choose a state first' },
            ...lgas.map((lga) => ({ value: lga, label: lga })),
          ]}
          error={errors.lga?.message}
          {...register('lga')}
        />
      </div>
      {address ? null : <CheckboxField label="Make this my default address" {...register('default')} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={add.isPending || update.isPending}>
          {address ? 'Save address' : 'Add address'}
        </Button>
      </div>
    </form>
  );
}
