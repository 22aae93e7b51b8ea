import { type AssignOrderBody, assignOrderBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAssignOrder, useCarriers } from '../api/fulfilment';

/** The select's value codes the carrier as `kind:id` (`hub:` for the platform hub, blank for none chosen). */
type AssignValues = { carrier: string };

/** The contract's assignment for a carrier select's value (also the batch bar's). */
export function bodyOf({ carrier }: AssignValues): AssignOrderBody {
  const [kind, id = ''] = carrier.split(':');
  if (kind === 'partner') return { carrier: 'partner', partnerId: id };
  if (kind === 'dispatcher') return { carrier: 'dispatcher', dispatcherId: id };
  if (kind === 'hub') return { carrier: 'hub' };
  // No carrier chosen: checked as it is, so the contract says "Choose who carries the order".
  return { carrier: kind } as unknown as AssignOrderBody;
}

/** Assign to a shipping partner, a dispatcher or the platform hub. */
export function AssignPanel({ orderId }: { orderId: string }) {
  const carriers = useCarriers();
  const assign = useAssignOrder(orderId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm<typeof assignOrderBody, AssignValues>(assignOrderBody, {
    defaultValues: { carrier: '' },
    prepare: bodyOf,
  });
  const options = [
    { value: '', label: carriers.isPending ? 'Loading carriers…' : 'Choose a carrier' },
    { value: 'hub:', label: 'Platform hub' },
    ...(carriers.data ?? []).map((carrier) => ({
      value: `${carrier.kind}:${carrier.id}`,
      label: `${carrier.name} (${carrier.kind === 'partner' ? 'shipping partner' : 'dispatcher'})`,
    })),
  ];
  const submit = handleSubmit((body) =>
    // The toast says what went wrong; a 422 about the carrier is also said under the select.
    assign.mutate(body, {
      onError: (error) => applyServerErrors<AssignValues>(error, setError, ['carrier']),
    }),
  );
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
      <SelectField
        label="Assign to"
        options={options}
        error={errors.carrier?.message}
        {...register('carrier')}
      />
      <Button type="submit" disabled={assign.isPending}>
        Assign
      </Button>
    </form>
  );
}
