import { findState, type Hub, type HubBody, hubBody, nigerianStates } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveHub } from '../api/hubs';

const fields = ['name', 'address', 'state', 'lga', 'capacity', 'contactPhone', 'contactEmail'];

/** Create a hub, or edit one (`hub` given): name, address, state and one of its LGAs, capacity and contact. */
export function HubForm({ hub, onDone }: { hub?: Hub; onDone: () => void }) {
  const save = useSaveHub();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, watch, setValue } = useContractForm(hubBody, {
    defaultValues: {
      name: hub?.name ?? '',
      address: hub?.address ?? '',
      state: hub?.state ?? '',
      lga: hub?.lga ?? '',
      capacity: hub?.capacity ?? '',
      contactPhone: hub?.contactPhone ?? '',
      contactEmail: hub?.contactEmail ?? '',
      isActive: hub?.isActive ?? true,
    } satisfies HubBody,
  });
  const errors = formState.errors;
  const state = findState(watch('state') ?? '');
  const title = hub ? `Edit ${hub.name}` : 'New hub';
  return (
    <form
      aria-label={title}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        save.mutate(
          { id: hub?.id, body: values },
          {
            onSuccess: onDone,
            onError: (error) => setStatus(applyServerErrors(error, setError, fields)),
          },
        );
      })}
    >
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" aria-required="true" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Capacity (parcels)"
          inputMode="numeric"
          aria-required="true"
          error={errors.capacity?.message}
          {...register('capacity')}
        />
      </div>
      <TextField
        label="Street address"
        aria-required="true"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="State"
          aria-required="true"
          options={[
            { value: '', label: 'Choose a state' },
            ...nigerianStates.map((item) => ({ value: item.name, label: item.name })),
          ]}
          error={errors.state?.message}
          {...register('state', { onChange: () => setValue('lga', '') })}
        />
        <SelectField
          label="LGA"
          aria-required="true"
          disabled={!state}
          options={[
            { value: '', label: state ? 'Choose an LGA' : 'Choose a state first' },
            ...(state?.lgas ?? []).map((lga) => ({ value: lga, label: lga })),
          ]}
          error={errors.lga?.message}
          {...register('lga')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Contact phone"
          type="tel"
          inputMode="tel"
          aria-required="true"
          error={errors.contactPhone?.message}
          {...register('contactPhone')}
        />
        <TextField
          label="Contact e-mail"
          type="email"
          inputMode="email"
          aria-required="true"
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
      </div>
      <CheckboxField label="Open: merchants and partners may apply and use it" {...register('isActive')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {hub ? 'Save hub' : 'Create hub'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
