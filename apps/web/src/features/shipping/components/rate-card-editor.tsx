import {
  type LagosCase,
  lagosCases,
  type ShippingPricing,
  type ShippingPricingBody,
  type ShippingZone,
  shippingPricingBody,
} from '@market/contracts';
import { useId, useRef, useState } from 'react';
import {
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputClasses } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/errors';
import { numberOrNaN } from '../../../lib/form-values';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useSavePricing } from '../api/save-pricing';

interface Cell {
  fromZoneId: string;
  toZoneId: string;
  /** Naira; null when the cell is empty (no rate for this pair). */
  baseFee: number | null;
  perKgFee: number | null;
}

export interface RateCardValues {
  lagos: Record<LagosCase, { baseFee: number; perKgFee: number }>;
  /** Every zone pair, row by row (from × to). */
  cells: Cell[];
}
type PricingOutput = z.output<typeof shippingPricingBody>;

export const lagosLabels: Record<LagosCase, { title: string; hint: string }> = {
  withinLagos: { title: 'Within Lagos', hint: 'Store and customer both in Lagos.' },
  lagosMerchant: { title: 'Lagos merchant', hint: 'Store in Lagos, customer elsewhere.' },
  lagosCustomer: { title: 'Lagos customer', hint: 'Customer in Lagos, store elsewhere.' },
};

const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined || Number.isNaN(value) ? null : Number(value);

export function rateCardDefaults(pricing: ShippingPricing, zones: readonly ShippingZone[]): RateCardValues {
  const rate = (key: LagosCase) => ({
    baseFee: pricing.lagos[key]?.baseFee ?? Number.NaN,
    perKgFee: pricing.lagos[key]?.perKgFee ?? Number.NaN,
  });
  const byPair = new Map(
    pricing.zoneRates.map((entry) => [`${entry.fromZone.id}>${entry.toZone.id}`, entry] as const),
  );
  return {
    lagos: {
      withinLagos: rate('withinLagos'),
      lagosMerchant: rate('lagosMerchant'),
      lagosCustomer: rate('lagosCustomer'),
    },
    cells: zones.flatMap((from) =>
      zones.map((to) => {
        const entry = byPair.get(`${from.id}>${to.id}`);
        return {
          fromZoneId: from.id,
          toZoneId: to.id,
          baseFee: entry?.baseFee ?? null,
          perKgFee: entry?.perKgFee ?? null,
        };
      }),
    ),
  };
}

/** The PUT body: the Lagos rates and the filled cells; `kept[i]` is the cell of `zoneRates[i]`. */
export function toPricingBody(values: RateCardValues): { body: ShippingPricingBody; kept: number[] } {
  const kept: number[] = [];
  const zoneRates: ShippingPricingBody['zoneRates'] = [];
  values.cells.forEach((cell, index) => {
    if (cell.baseFee === null && cell.perKgFee === null) return;
    kept.push(index);
    zoneRates.push({
      fromZoneId: cell.fromZoneId,
      toZoneId: cell.toZoneId,
      baseFee: cell.baseFee ?? Number.NaN,
      perKgFee: cell.perKgFee ?? Number.NaN,
    });
  });
  return { body: { lagos: values.lagos, zoneRates }, kept };
}

/** A body path (`zoneRates.3.baseFee`) as the form's path (`cells.7.baseFee`). */
export function formPath(path: readonly PropertyKey[], kept: readonly number[]): string {
  if (path[0] === 'zoneRates' && typeof path[1] === 'number') {
    const cell = kept[path[1]];
    const field = path[2] === 'perKgFee' ? 'perKgFee' : 'baseFee';
    return `cells.${cell}.${field}`;
  }
  return path.map(String).join('.');
}

function setPath(target: Record<string, unknown>, path: string, message: string) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
    node = node[key] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1]!;
  if (!node[last]) node[last] = { type: 'validation', message };
}

/** The contract schema on the body, its messages put back on the matching inputs of the matrix. */
const resolver: Resolver<RateCardValues, unknown, PricingOutput> = async (values) => {
  const { body, kept } = toPricingBody(values);
  const errors: Record<string, unknown> = {};
  values.cells.forEach((cell, index) => {
    if ((cell.baseFee === null) !== (cell.perKgFee === null)) {
      const field = cell.baseFee === null ? 'baseFee' : 'perKgFee';
      setPath(errors, `cells.${index}.${field}`, 'Enter both fees, or leave both empty for no rate');
    }
  });
  const parsed = shippingPricingBody.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) setPath(errors, formPath(issue.path, kept), issue.message);
  if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
  return { values: {}, errors: errors as FieldErrors<RateCardValues> };
};

function RateInput({
  label,
  context,
  error,
  registration,
}: {
  label: string;
  /** Read by screen readers after the visible label: which rate this is. */
  context: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
        <span className="sr-only">, {context}</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClasses} ${error ? 'border-red-700' : 'border-slate-400'}`}
        {...registration}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The whole rate card: Lagos cases and a from-zone × to-zone matrix of base and per-kg fees (naira), saved with PUT. */
export function RateCardEditor({
  pricing,
  zones,
}: {
  pricing: ShippingPricing;
  zones: readonly ShippingZone[];
}) {
  const save = useSavePricing();
  const [status, setStatus] = useState<string | null>(null);
  const keptAtSubmit = useRef<number[]>([]);
  const { register, handleSubmit, setError, formState, getValues } = useForm<
    RateCardValues,
    unknown,
    PricingOutput
  >({ resolver, defaultValues: rateCardDefaults(pricing, zones) });
  const errors = formState.errors;

  const onSubmit = handleSubmit((body) => {
    setStatus(null);
    keptAtSubmit.current = toPricingBody(getValues()).kept;
    save.mutate(body, {
      onSuccess: () => setStatus(null),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          for (const detail of error.details) {
            const path = formPath(
              detail.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
              keptAtSubmit.current,
            );
            setError(path as Path<RateCardValues>, { type: 'server', message: detail.message });
          }
        }
        setStatus(errorToastMessage(error));
      },
    });
  });

  const cellError = (index: number, field: 'baseFee' | 'perKgFee') => errors.cells?.[index]?.[field]?.message;
  const zoneName = new Map(zones.map((zone) => [zone.id, zone.name]));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Shipping rate card" className="space-y-5">
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      {!pricing.isSetUp ? (
        <FormAlert tone="info">
          No rate card is saved yet: customers cannot be quoted a shipping fee until you save one.
        </FormAlert>
      ) : null}

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold text-slate-900">Lagos (naira)</legend>
        <p className="text-sm text-slate-700">
          A delivery that touches Lagos uses one of these three rates, whatever zone Lagos is in. Fee = base
          fee + per-kg fee × chargeable kg (rounded up to the next 0.5 kg) + the vehicle&apos;s surcharge.
        </p>
        <ul className="grid gap-3 md:grid-cols-3">
          {lagosCases.map((key) => (
            <li key={key} className="rounded-md border border-slate-200 p-3">
              <p className="font-medium text-slate-900">{lagosLabels[key].title}</p>
              <p className="text-sm text-slate-600">{lagosLabels[key].hint}</p>
              <div className="mt-2 grid grid-cols-2 gap-2">
                <RateInput
                  label="Base fee (₦)"
                  context={lagosLabels[key].title}
                  error={errors.lagos?.[key]?.baseFee?.message}
                  registration={register(`lagos.${key}.baseFee`, { setValueAs: numberOrNaN })}
                />
                <RateInput
                  label="Per kg (₦)"
                  context={lagosLabels[key].title}
                  error={errors.lagos?.[key]?.perKgFee?.message}
                  registration={register(`lagos.${key}.perKgFee`, { setValueAs: numberOrNaN })}
                />
              </div>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold text-slate-900">Zone to zone (naira)</legend>
        <p className="text-sm text-slate-700">
          Rows are the store&apos;s zone, columns the customer&apos;s. The diagonal is a delivery inside one
          zone. A missing direction uses the reverse one, so one rate per pair is enough; leave both fees
          empty for no rate.
        </p>
        {zones.length === 0 ? (
          <p className="text-sm text-slate-700">
            Create shipping zones first to price deliveries between them.
          </p>
        ) : (
          <div className="md:overflow-x-auto">
            <table className="block w-full text-sm md:table md:w-auto md:border-collapse">
              <caption className="sr-only">Zone-to-zone rates: base fee and per-kg fee</caption>
              <thead className="hidden md:table-header-group">
                <tr>
                  <th scope="col" className="p-2 text-left font-semibold text-slate-700">
                    From \ To
                  </th>
                  {zones.map((zone) => (
                    <th
                      key={zone.id}
                      scope="col"
                      className="min-w-32 p-2 text-left font-semibold text-slate-900"
                    >
                      {zone.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                {zones.map((from, row) => (
                  <tr
                    key={from.id}
                    className="block rounded-md border border-slate-200 p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0"
                  >
                    <th
                      scope="row"
                      className="block pb-2 text-left font-semibold text-slate-900 md:table-cell md:p-2 md:align-top"
                    >
                      <span className="md:hidden">From </span>
                      {from.name}
                    </th>
                    {zones.map((to, column) => {
                      const index = row * zones.length + column;
                      const context = `${zoneName.get(from.id)} to ${zoneName.get(to.id)}`;
                      return (
                        <td
                          key={to.id}
                          className={`block border-t border-slate-100 py-2 md:table-cell md:border-0 md:p-2 md:align-top ${row === column ? 'md:bg-emerald-50' : ''}`}
                        >
                          <p className="mb-1 text-xs font-semibold text-slate-800 md:hidden">To {to.name}</p>
                          <div className="grid grid-cols-2 gap-2 md:grid-cols-1">
                            <RateInput
                              label="Base fee (₦)"
                              context={context}
                              error={cellError(index, 'baseFee')}
                              registration={register(`cells.${index}.baseFee`, { setValueAs: numberOrNull })}
                            />
                            <RateInput
                              label="Per kg (₦)"
                              context={context}
                              error={cellError(index, 'perKgFee')}
                              registration={register(`cells.${index}.perKgFee`, { setValueAs: numberOrNull })}
                            />
                          </div>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </fieldset>

      <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
        Save rate card
      </Button>
    </form>
  );
}
