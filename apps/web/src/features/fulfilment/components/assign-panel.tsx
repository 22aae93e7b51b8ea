import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useAssignOrder, useCarriers } from '../api/fulfilment';

/** Assign to a shipping partner, a dispatcher or the platform hub. */
export function AssignPanel({ orderId }: { orderId: string }) {
  const carriers = useCarriers();
  const assign = useAssignOrder(orderId);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string>();
  const options = [
    { value: '', label: carriers.isPending ? 'Loading carriers…' : 'Choose a carrier' },
    { value: 'hub:', label: 'Platform hub' },
    ...(carriers.data ?? []).map((carrier) => ({
      value: `${carrier.kind}:${carrier.id}`,
      label: `${carrier.name} (${carrier.kind === 'partner' ? 'shipping partner' : 'dispatcher'})`,
    })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [kind, id = ''] = choice.split(':');
    if (!kind) {
      setError('Choose who carries the order');
      return;
    }
    setError(undefined);
    assign.mutate(
      kind === 'partner'
        ? { carrier: 'partner', partnerId: id }
        : kind === 'dispatcher'
          ? { carrier: 'dispatcher', dispatcherId: id }
          : { carrier: 'hub' },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
      <SelectField
        label="Assign to"
        options={options}
        value={choice}
        error={error}
        onChange={(event) => setChoice(event.target.value)}
      />
      <Button type="submit" disabled={assign.isPending}>
        Assign
      </Button>
    </form>
  );
}
