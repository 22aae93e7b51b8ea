import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/dates';
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
  const [chosen, setChosen] = useState<string[]>([]);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();

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
          <form
            className="space-y-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen.length === 0) return setError('Choose the collections this transfer pays for');
              if (reference.trim().length < 4) return setError('Enter the transfer reference');
              setError(undefined);
              remit.mutate(
                { reference: reference.trim(), orderIds: chosen },
                {
                  onSuccess: () => {
                    setChosen([]);
                    setReference('');
                  },
                },
              );
            }}
          >
            <ul className="space-y-2">
              {free.map((collection) => (
                <li key={collection.orderId} className="rounded-lg border border-slate-200 bg-white p-3">
                  <CheckboxField
                    label={`${collection.orderName}: ${formatApiNaira(collection.amount)}`}
                    hint={`${methodNames[collection.method]}${collection.reference ? ` ${collection.reference}` : ''} · taken ${formatDateTime(collection.collectedAt)}`}
                    checked={chosen.includes(collection.orderId)}
                    onChange={(event) =>
                      setChosen(
                        event.target.checked
                          ? [...chosen, collection.orderId]
                          : chosen.filter((id) => id !== collection.orderId),
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            <TextField
              label="Transfer reference"
              hint={`Transfer exactly ${formatApiNaira(total / 100)} to the platform's account, then enter the reference your bank gave.`}
              autoComplete="off"
              maxLength={100}
              value={reference}
              error={error}
              onChange={(event) => setReference(event.target.value)}
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
