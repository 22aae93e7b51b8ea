import { applyGiftCardBody, type CartState } from '@market/contracts';
import { useId } from 'react';
import { formatApiNaira } from '../../../lib/money';
import { useApplyGiftCard } from '../api/apply-gift-card';
import { useRemoveGiftCard } from '../api/remove-gift-card';
import { CodeEntryForm } from './code-entry-form';

/** Gift card entry by code; the applied cards with what each covers (the server's numbers) and Remove. */
export function GiftCardEntry({ cart }: { cart: CartState }) {
  const apply = useApplyGiftCard();
  const remove = useRemoveGiftCard();
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Gift card
      </h2>
      <CodeEntryForm
        schema={applyGiftCardBody}
        label="Gift card code"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        apply={apply}
        couldNotApply="Could not apply the gift card"
      />
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
