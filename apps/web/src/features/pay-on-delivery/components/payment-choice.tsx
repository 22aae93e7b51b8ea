import type { PodOption } from '@market/contracts';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatApiNaira } from '../../../lib/money';
import { usePodOptions } from '../api/get-options';
import { POD_MESSAGES } from '../api/pod-keys';

/** What the chosen stores' orders come to (items, discount and delivery; the fee is paid at the door too). */
export function onDeliveryTotal(options: PodOption[] | undefined, chosen: string[]): number {
  return (
    (options ?? [])
      .filter((option) => option.allowed && chosen.includes(option.storeId))
      .reduce((sum, option) => sum + Math.round(option.orderTotal * 100), 0) / 100
  );
}

/**
 * "How you pay" on the checkout page: online through Paystack (card, bank transfer or USSD), and, store by store
 * where the server allows it, on delivery with its fee. The server checks the choice again when the order is placed.
 */
export function PaymentChoice({
  addressId,
  chosen,
  onChange,
}: {
  addressId: string | null;
  chosen: string[];
  onChange(chosen: string[]): void;
}) {
  const options = usePodOptions(addressId);
  const allowed = options.data?.filter((option) => option.allowed) ?? [];
  return (
    <section
      aria-labelledby="payment-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="payment-heading" className="text-lg font-bold text-slate-900">
        How you pay
      </h2>
      <p className="text-sm text-slate-800" data-testid="paystack-channels">
        Pay online on Paystack’s secure page with a <strong>card</strong>, a <strong>bank transfer</strong> or{' '}
        <strong>USSD</strong> (dial a code from your bank on any phone).
      </p>
      {options.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner label="Checking pay on delivery" />
          Checking whether you can pay on delivery…
        </p>
      ) : options.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {POD_MESSAGES.options}. You can still pay online.
        </p>
      ) : allowed.length === 0 ? (
        <p className="text-sm text-slate-700">
          Pay on delivery is not available for this cart
          {options.data[0]?.reason ? `: ${options.data[0].reason}` : ''}.
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">
            Or pay at the door, in cash, by card on the rider’s POS or by transfer
          </legend>
          {options.data.map((option) =>
            option.allowed ? (
              <CheckboxField
                key={option.storeId}
                label={`Pay ${option.storeName}’s order on delivery`}
                hint={`${formatApiNaira(option.orderTotal + (option.fee ?? 0))} at the door, including a ${formatApiNaira(option.fee ?? 0)} fee`}
                checked={chosen.includes(option.storeId)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, option.storeId]
                      : chosen.filter((storeId) => storeId !== option.storeId),
                  )
                }
              />
            ) : (
              <p key={option.storeId} className="text-sm text-slate-700">
                {option.storeName}: {option.reason}
              </p>
            ),
          )}
        </fieldset>
      )}
    </section>
  );
}
