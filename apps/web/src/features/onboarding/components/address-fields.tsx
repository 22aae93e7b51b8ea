import { findState, nigerianStates, type OnboardingBody } from '@market/contracts';
import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

const stateOptions = [
  { value: '', label: 'Choose a state' },
  ...nigerianStates.map((state) => ({ value: state.name, label: state.name })),
];

interface AddressFieldsProps {
  form: UseFormReturn<OnboardingBody>;
  prefix: 'homeAddress.0' | 'pickupLocation';
  legend: string;
  disabled?: boolean;
}

type AddressErrors = {
  street?: { message?: string };
  state?: { message?: string };
  lga?: { message?: string };
};

function errorsAt(errors: FieldErrors<OnboardingBody>, prefix: AddressFieldsProps['prefix']): AddressErrors {
  if (prefix === 'pickupLocation') return (errors.pickupLocation ?? {}) as AddressErrors;
  const home = errors.homeAddress as unknown as Record<number, AddressErrors> | undefined;
  return home?.[0] ?? {};
}

/** Street, state and LGA; the LGA list follows the chosen state (all 774 from the contracts). */
export function AddressFields({ form, prefix, legend, disabled }: AddressFieldsProps) {
  const { register, watch, setValue } = form;
  const path = (name: 'street' | 'state' | 'lga') => `${prefix}.${name}` as Path<OnboardingBody>;
  const state = watch(path('state')) as string | undefined;
  const lgas = findState(state ?? '')?.lgas ?? [];
  const errors = errorsAt(form.formState.errors, prefix);

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <TextField
        label="Street address"
        autoComplete="street-address"
        error={errors.street?.message}
        {...register(path('street'))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="State"
          options={stateOptions}
          error={errors.state?.message}
          {...register(path('state'), { onChange: () => setValue(path('lga'), '' as never) })}
        />
        <SelectField
          label="LGA"
          options={[
            { value: '', label: state ? 'Choose an LGA' : 'Choose a state first' },
            ...lgas.map((lga) => ({ value: lga, label: lga })),
          ]}
          error={errors.lga?.message}
          {...register(path('lga'))}
        />
      </div>
    </fieldset>
  );
}
