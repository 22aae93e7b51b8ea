import { type ShippingVehicle, shippingVehicleUpdateBody } from '@market/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { numberOrNaN } from '../../../lib/form-values';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useVehicles } from '../api/list-vehicles';
import { useUpdateVehicle } from '../api/update-vehicle';

interface VehicleValues {
  name: string;
  maxWeightKg: number;
  surcharge: number;
  betweenStates: boolean;
  isActive: boolean;
}

const resolver = contractResolver<typeof shippingVehicleUpdateBody, VehicleValues>(shippingVehicleUpdateBody);
type VehicleUpdate = z.output<typeof shippingVehicleUpdateBody>;
const kg = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

function VehicleForm({ vehicle, onDone }: { vehicle: ShippingVehicle; onDone(): void }) {
  const update = useUpdateVehicle();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<VehicleValues, unknown, VehicleUpdate>({
    resolver,
    defaultValues: {
      name: vehicle.name,
      maxWeightKg: vehicle.maxWeightKg,
      surcharge: vehicle.surcharge,
      betweenStates: vehicle.betweenStates,
      isActive: vehicle.isActive,
    },
  });
  const errors = formState.errors;
  return (
    <form
      noValidate
      aria-label={`Edit ${vehicle.name}`}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3"
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        update.mutate(
          { id: vehicle.id, body: values },
          {
            onSuccess: onDone,
            onError: (error) =>
              setStatus(
                applyServerErrors(error, setError, [
                  'name',
                  'maxWeightKg',
                  'surcharge',
                  'betweenStates',
                  'isActive',
                ]),
              ),
          },
        );
      })}
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Maximum weight (kg)"
          type="number"
          inputMode="decimal"
          step="0.001"
          min="0"
          error={errors.maxWeightKg?.message}
          {...register('maxWeightKg', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Surcharge (₦)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.surcharge?.message}
          {...register('surcharge', { setValueAs: numberOrNaN })}
        />
      </div>
      <CheckboxField
        label="Goes between states"
        hint="Off for a courier that delivers within one state (a motorbike): a delivery to another state then goes by the smallest vehicle that does."
        {...register('betweenStates')}
      />
      <CheckboxField
        label="Active"
        hint="Inactive vehicles are never chosen for a delivery."
        {...register('isActive')}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={update.isPending}>
          Save vehicle
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Delivery vehicles (seeded, no create): maximum weight, surcharge and active flag, edited in place. */
export function VehiclesList() {
  const vehicles = useVehicles();
  const [editing, setEditing] = useState<string | null>(null);
  if (vehicles.isPending) return <LoadingState label="Loading vehicles…" />;
  if (vehicles.isError)
    return (
      <ErrorState
        title="Could not get vehicles"
        message={errorToastMessage(vehicles.error) ?? undefined}
        onRetry={() => vehicles.refetch()}
      />
    );
  if (vehicles.data.length === 0)
    return <EmptyState title="No vehicles">Deliveries carry no vehicle surcharge.</EmptyState>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        A delivery goes with the smallest active vehicle that carries its chargeable weight and makes the trip
        (a delivery to another state never goes with one that stays within a state); its surcharge is added to
        the fee.
      </p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {vehicles.data.map((vehicle) => (
          <li key={vehicle.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 className="font-semibold text-slate-900">{vehicle.name}</h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-slate-600">Up to</dt>
                  <dd className="text-slate-900">{kg.format(vehicle.maxWeightKg)} kg</dd>
                  <dt className="text-slate-600">Surcharge</dt>
                  <dd className="text-slate-900">{formatNaira(nairaToKobo(vehicle.surcharge))}</dd>
                  <dt className="text-slate-600">Trips</dt>
                  <dd className="text-slate-900">
                    {vehicle.betweenStates ? 'Within and between states' : 'Within one state'}
                  </dd>
                </dl>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={vehicle.isActive ? 'green' : 'slate'}>
                  {vehicle.isActive ? 'Active' : 'Inactive'}
                </Badge>
                {editing === vehicle.id ? null : (
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(vehicle.id)}
                    aria-label={`Edit ${vehicle.name}`}
                  >
                    Edit
                  </Button>
                )}
              </div>
            </div>
            {editing === vehicle.id ? (
              <VehicleForm vehicle={vehicle} onDone={() => setEditing(null)} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
