import { type BatchOrderAnswer, batchAssignBody } from '@market/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { useContractForm } from '../../../lib/contract-form';
import { useAssignOrders, useMoveOrders } from '../api/batch-orders';
import { useCarriers } from '../api/fulfilment';
import { bodyOf } from './assign-panel';

/** What each order of the last batch answered, by order name. */
function BatchResults({ answer, names }: { answer: BatchOrderAnswer; names: Map<string, string> }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <FormAlert tone={answer.refused === 0 ? 'success' : 'info'}>
        {answer.moved} done{answer.refused > 0 ? `, ${answer.refused} could not be moved` : ''}.
      </FormAlert>
      <ul className="space-y-1 text-sm">
        {answer.results.map((result) => (
          <li key={result.orderId} className={result.ok ? 'text-slate-800' : 'text-red-800'}>
            <span className="font-semibold">{names.get(result.orderId) ?? 'Order'}</span>: {result.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Actions on the selected orders: a store accepts or marks them ready, an admin assigns them to one carrier. The
 * server moves each order on its own and says which could not be moved and why.
 */
export function BatchOrderBar({
  viewer,
  selected,
  names,
  onDone,
}: {
  viewer: 'merchant' | 'admin';
  selected: string[];
  names: Map<string, string>;
  onDone(): void;
}) {
  const headingId = useId();
  const move = useMoveOrders();
  const assign = useAssignOrders();
  const carriers = useCarriers(viewer === 'admin');
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useContractForm<typeof batchAssignBody, { assignment: { carrier: string } }>(batchAssignBody, {
    defaultValues: { assignment: { carrier: '' } },
    prepare: ({ assignment }) => ({ orderIds: selected, assignment: bodyOf(assignment) }),
  });
  const choice = watch('assignment.carrier');
  const answer = move.data ?? assign.data;
  const none = selected.length === 0;
  const done = { onSuccess: onDone };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {selected.length} order{selected.length === 1 ? '' : 's'} selected
      </h2>
      {viewer === 'merchant' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={none}
            loading={move.isPending && move.variables?.status === 'accepted'}
            onClick={() => move.mutate({ orderIds: selected, status: 'accepted' }, done)}
          >
            Accept selected
          </Button>
          <Button
            variant="secondary"
            disabled={none}
            loading={move.isPending && move.variables?.status === 'ready_for_pickup'}
            onClick={() => move.mutate({ orderIds: selected, status: 'ready_for_pickup' }, done)}
          >
            Mark selected ready
          </Button>
          {none ? null : (
            <Link
              to={`/merchant/orders/labels?ids=${selected.join(',')}`}
              className={buttonClasses('secondary')}
            >
              Print labels
            </Link>
          )}
        </div>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={handleSubmit((body) => assign.mutate(body, done))}
          noValidate
        >
          <SelectField
            label="Carrier for the selected orders"
            error={errors.assignment?.carrier?.message}
            {...register('assignment.carrier')}
            options={[
              { value: '', label: carriers.isPending ? 'Loading carriers…' : 'Choose a carrier' },
              { value: 'hub:', label: 'Platform hub' },
              ...(carriers.data ?? []).map((carrier) => ({
                value: `${carrier.kind}:${carrier.id}`,
                label: `${carrier.name} (${carrier.kind === 'partner' ? 'shipping partner' : 'dispatcher'})`,
              })),
            ]}
          />
          <Button type="submit" disabled={none || !choice} loading={assign.isPending}>
            Assign selected
          </Button>
        </form>
      )}
      {answer ? <BatchResults answer={answer} names={names} /> : null}
    </section>
  );
}
