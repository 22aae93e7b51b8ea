import { type PodMethod, type UpdateOrderBody, updateOrderBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatApiNaira } from '../../../lib/money';

type DeliveryValues = { deliveryToken: string; collectionMethod: PodMethod; collectionReference: string };
const fields = ['deliveryToken', 'collectionMethod', 'collectionReference'] as const;

/**
 * The delivered move: the customer's token, and for an order paid at the door (ADR 074) how they paid, the exact
 * amount due and the POS slip or transfer reference. Checked by the contract's move body before it is sent.
 */
export function DeliveryForm({
  payOnDelivery,
  busy,
  send,
}: {
  payOnDelivery: { fee: number; dueAtDoor: number } | null;
  busy: boolean;
  send: (
    body: UpdateOrderBody,
    handlers: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm<typeof updateOrderBody, DeliveryValues>(updateOrderBody, {
    defaultValues: { deliveryToken: '', collectionMethod: 'cash', collectionReference: '' },
    // What is checked is what is sent: a reference only for POS and transfer, where the contract needs 3 characters.
    prepare: (values) => ({
      status: 'delivered',
      deliveryToken: values.deliveryToken,
      ...(payOnDelivery
        ? {
            collectionMethod: values.collectionMethod,
            collectedAmount: payOnDelivery.dueAtDoor,
            ...(values.collectionMethod === 'cash'
              ? {}
              : { collectionReference: values.collectionReference }),
          }
        : {}),
    }),
  });
  const method = watch('collectionMethod');
  const token = register('deliveryToken');
  const submit = handleSubmit((body) =>
    send(body, {
      onSuccess: () => setValue('deliveryToken', ''),
      // The toast says what went wrong; a 422 about a field is also said under it.
      onError: (error) => applyServerErrors<DeliveryValues>(error, setError, fields),
    }),
  );
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end" noValidate>
      {payOnDelivery ? (
        <>
          <p
            className="w-full rounded-md bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="collect-at-door"
          >
            Collect exactly <strong>{formatApiNaira(payOnDelivery.dueAtDoor)}</strong> (including the{' '}
            {formatApiNaira(payOnDelivery.fee)} pay-on-delivery fee) before you hand the parcel over.
          </p>
          <SelectField
            label="How the customer paid"
            options={[
              { value: 'cash', label: 'Cash' },
              { value: 'pos', label: 'Card on POS' },
              { value: 'transfer', label: 'Bank transfer' },
            ]}
            error={errors.collectionMethod?.message}
            {...register('collectionMethod')}
          />
          {method === 'cash' ? null : (
            <TextField
              label={method === 'pos' ? 'POS slip reference' : 'Transfer reference'}
              autoComplete="off"
              maxLength={100}
              error={errors.collectionReference?.message}
              {...register('collectionReference')}
            />
          )}
        </>
      ) : null}
      <TextField
        label="Customer's delivery token"
        hint="Ask the customer for the 6 digits on their order page, once the parcel is in their hands."
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors.deliveryToken?.message}
        {...token}
        onChange={(event) => {
          // Only digits reach the field, as the customer's page shows them.
          event.target.value = event.target.value.replace(/\D/g, '');
          return token.onChange(event);
        }}
      />
      <Button type="submit" disabled={busy}>
        Mark delivered
      </Button>
    </form>
  );
}
