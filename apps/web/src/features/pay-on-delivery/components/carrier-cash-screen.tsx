import { remittanceBody } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDateTime } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatApiNaira } from '../../../lib/money';
import { type CarrierKind, useCarrierCash, useRemit } from '../api/carrier-cash';
import { POD_MESSAGES } from '../api/pod-keys';

const methodNames = { cash: 'Cash', pos: 'POS', transfer: 'Transfer' } as const;
const statusTone = { submitted: 'amber', confirmed: 'green', rejected: 'red' } as const;

/**
 * A carrier's cash taken at the door (ADR 074): what it holds by the books, each collection not yet remitted, and a
 * remittance: the carrier transfers the money to the platform's account and records the transfer's reference for
 * the collections it pays for. An admin confirms it when the money is in.
 */
export function CarrierCashScreen({ kind }: { kind: CarrierKind }) {
  const cash = useCarrierCash(kind);
  const remit = useRemit(kind);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useContractForm(remittanceBody, { defaultValues: { reference: '', orderIds: [] } });
  const chosen = watch('orderIds');
  const submit = handleSubmit((body) =>
    remit.mutate(body, {
      onSuccess: () => reset(),
      // The toast says what went wrong; a 422 about the reference or the collections is also said where it belongs.
      onError: (error) => applyServerErrors(error, setError, ['reference', 'orderIds']),
    }),
  );

  if (cash.isPending) return <LoadingState label="Loading your cash held…" />;
  if (cash.isError) return <ErrorState title={POD_MESSAGES.carrier} onRetry={() => cash.refetch()} />;
  const data = cash.data;
  const free = data.collections.filter((collection) => collection.remittanceId === null);
  const total = free
    .filter((collection) => chosen.includes(collection.orderId))
    .reduce((sum, collection) => sum + Math.round(collection.amount * 100), 0);

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">Cash you hold</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid="cash-held">
            {formatApiNaira(data.held)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">Limit before new pay-on-delivery orders stop</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900">{formatApiNaira(data.limit)}</dd>
        </div>
      </dl>
      <section aria-labelledby="collections-title" className="space-y-3">
        <h2 id="collections-title" className="text-lg font-semibold text-slate-900">
          Collections to remit
        </h2>
        {free.length === 0 ? (
          <EmptyState title="Nothing to remit">Cash you take at the door appears here.</EmptyState>
        ) : (
          <form className="space-y-3" noValidate onSubmit={submit}>
            <ul className="space-y-2">
              {free.map((collection) => (
                <li key={collection.orderId} className="rounded-lg border border-slate-200 bg-white p-3">
                  <CheckboxField
                    label={`${collection.orderName}: ${formatApiNaira(collection.amount)}`}
                    hint={`${methodNames[collection.method]}${collection.reference ? ` ${collection.reference}` : ''} · taken ${formatDateTime(collection.collectedAt)}`}
                    checked={chosen.includes(collection.orderId)}
                    onChange={(event) =>
                      setValue(
                        'orderIds',
                        event.target.checked
                          ? [...chosen, collection.orderId]
                          : chosen.filter((id) => id !== collection.orderId),
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            {errors.orderIds?.message ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.orderIds.message}
              </p>
            ) : null}
            <TextField
              label="Transfer reference"
              hint={`Transfer exactly ${formatApiNaira(total / 100)} to the platform's account, then enter the reference your bank gave.`}
              autoComplete="off"
              maxLength={100}
              error={errors.reference?.message}
              {...register('reference')}
            />
            <Button type="submit" loading={remit.isPending}>
              Record remittance of {formatApiNaira(total / 100)}
            </Button>
          </form>
        )}
      </section>
      <section aria-labelledby="remittances-title" className="space-y-3">
        <h2 id="remittances-title" className="text-lg font-semibold text-slate-900">
          Your remittances
        </h2>
        {data.remittances.length === 0 ? (
          <EmptyState title="No remittance yet" />
        ) : (
          <ul className="space-y-2">
            {data.remittances.map((remittance) => (
              <li
                key={remittance.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span className="min-w-0 break-all text-sm text-slate-900">
                  {remittance.reference} · {remittance.orderCount} order
                  {remittance.orderCount === 1 ? '' : 's'} ·{' '}
                  <span className="tabular-nums font-semibold">{formatApiNaira(remittance.amount)}</span>
                </span>
                <Badge tone={statusTone[remittance.status]}>{remittance.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
