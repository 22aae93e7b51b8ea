import {
  nigerianStates,
  type ShippingZone,
  type ShippingZoneBody,
  shippingZoneBody,
} from '@market/contracts';
import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateZone } from '../api/create-zone';
import { useUpdateZone } from '../api/update-zone';

interface ZoneFormValues {
  name: string;
  states: string[];
}

/** Which zone holds each state, leaving out the zone being edited. */
export function stateOwners(zones: readonly ShippingZone[], editing?: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const zone of zones) {
    if (zone.id === editing) continue;
    for (const state of zone.states) owners.set(state, zone.name);
  }
  return owners;
}

export function conflictMessage(states: readonly string[], owners: Map<string, string>): string | null {
  const clashes = states.filter((state) => owners.has(state));
  if (clashes.length === 0) return null;
  const list = clashes.map((state) => `${state} (in ${owners.get(state)})`).join(', ');
  return `A state belongs to one zone at most. Take these out of their zone first, or untick them: ${list}.`;
}

const base = contractResolver<typeof shippingZoneBody, ZoneFormValues>(shippingZoneBody);

/** Name and states of a zone; a state another zone holds is marked, and ticking it is refused before sending. */
export function ZoneForm({
  zone,
  zones,
  onDone,
  onCancel,
}: {
  zone?: ShippingZone;
  zones: readonly ShippingZone[];
  onDone(): void;
  onCancel?: () => void;
}) {
  const create = useCreateZone();
  const update = useUpdateZone();
  const [status, setStatus] = useState<string | null>(null);
  const owners = stateOwners(zones, zone?.id);
  const headingId = useId();
  const resolver: Resolver<ZoneFormValues> = async (values, context, options) => {
    const result = await base(values, context, options);
    const conflict = conflictMessage(values.states, owners);
    if (!conflict) return result;
    const errors: FieldErrors<ZoneFormValues> = {
      ...result.errors,
      states: { type: 'conflict', message: conflict },
    };
    return { values: {}, errors };
  };
  const { register, handleSubmit, watch, setError, formState, reset } = useForm<ZoneFormValues>({
    resolver,
    defaultValues: { name: zone?.name ?? '', states: zone?.states ?? [] },
  });
  const errors = formState.errors;
  const chosen = new Set(watch('states'));
  const conflictNow = conflictMessage([...chosen], owners);

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    const body: ShippingZoneBody = { name: values.name, states: values.states };
    const onError = (error: unknown) => setStatus(applyServerErrors(error, setError, ['name', 'states']));
    if (zone) update.mutate({ id: zone.id, body }, { onSuccess: onDone, onError });
    else
      create.mutate(body, {
        onSuccess: () => {
          reset({ name: '', states: [] });
          onDone();
        },
        onError,
      });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={zone ? `Edit ${zone.name}` : 'New zone'}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <TextField label="Zone name" error={errors.name?.message} {...register('name')} />
      <fieldset aria-describedby={headingId}>
        <legend className="text-sm font-semibold text-slate-900">States ({chosen.size} chosen)</legend>
        <p id={headingId} className="text-sm text-slate-700">
          A state belongs to one zone at most; states already in another zone are marked.
        </p>
        <div aria-live="polite">
          {errors.states?.message || conflictNow ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {conflictNow ?? errors.states?.message}
            </p>
          ) : null}
        </div>
        <ul className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {nigerianStates.map((state) => {
            const owner = owners.get(state.name);
            const clash = Boolean(owner) && chosen.has(state.name);
            return (
              <li key={state.code}>
                <label
                  className={`flex min-h-11 items-center gap-3 text-sm ${clash ? 'text-red-800' : 'text-slate-800'}`}
                >
                  <input
                    type="checkbox"
                    value={state.name}
                    className="h-5 w-5 shrink-0 accent-emerald-700"
                    aria-invalid={clash || undefined}
                    {...register('states')}
                  />
                  <span>
                    {state.name}
                    {owner ? (
                      <span className={clash ? 'font-semibold' : 'text-slate-600'}> · in {owner}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {zone ? 'Save zone' : 'Create zone'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
