import { applyGiftCardBody, type CartState } from '@market/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatApiNaira } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useApplyGiftCard } from '../api/apply-gift-card';
import { useRemoveGiftCard } from '../api/remove-gift-card';

/** Gift card entry by code; the applied cards with what each covers (the server's numbers) and Remove. */
export function GiftCardEntry({ cart }: { cart: CartState }) {
  const apply = useApplyGiftCard();
  const remove = useRemoveGiftCard();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(applyGiftCardBody, { defaultValues: { code: '' } });
  const headingId = useId();

  const onSubmit = handleSubmit(({ code }) => {
    apply.mutate(code, {
      onSuccess: () => reset({ code: '' }),
      onError: (failure) =>
        setError('code', { message: errorToastMessage(failure) ?? 'Could not apply the gift card' }),
    });
  });

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Gift card
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex items-start gap-2">
        <TextField
          label="Gift card code"
          className="flex-1"
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" variant="secondary" className="mt-6" loading={apply.isPending}>
          Apply
        </Button>
      </form>
      {cart.appliedGiftCards.length > 0 ? (
        <ul className="space-y-2" aria-label="Gift cards applied">
          {cart.appliedGiftCards.map((card) => (
            <li
              key={card.id}
              className="flex items-center justify-between gap-2 rounded-md bg-emerald-50 px-3 py-1 text-sm text-emerald-950"
            >
              <span className="min-w-0">
                <span className="font-semibold">Card ending {card.last4}</span>
                <span className="block text-xs">
                  Covers {formatApiNaira(card.covers)} of its {formatApiNaira(card.balance)} balance
                </span>
              </span>
              <button
                type="button"
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                disabled={remove.isPending}
                onClick={() => remove.mutate(card.id)}
              >
                Remove<span className="sr-only"> gift card ending {card.last4}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
