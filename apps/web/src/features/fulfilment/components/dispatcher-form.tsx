import { dispatcherBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSetDispatcher } from '../api/fulfilment';

const fields = ['dispatcherName', 'dispatchPhoneNumber'] as const;

/** The partner's rider on this order: their name and phone, shown to the customer while it is out for delivery. */
export function DispatcherForm({ orderId, name, phone }: { orderId: string; name: string; phone: string }) {
  const save = useSetDispatcher(orderId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(dispatcherBody, {
    defaultValues: { dispatcherName: name, dispatchPhoneNumber: phone },
  });
  const submit = handleSubmit((body) =>
    // The toast says what went wrong; a 422 about a field is also said under it.
    save.mutate(body, { onError: (error) => applyServerErrors(error, setError, fields) }),
  );
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <TextField
        label="Dispatcher's name"
        autoComplete="off"
        error={errors.dispatcherName?.message}
        {...register('dispatcherName')}
      />
      <TextField
        label="Dispatcher's phone number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        error={errors.dispatchPhoneNumber?.message}
        {...register('dispatchPhoneNumber')}
      />
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Save dispatcher
      </Button>
    </form>
  );
}
