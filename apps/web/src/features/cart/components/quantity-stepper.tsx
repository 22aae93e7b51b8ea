// Written by hand, not with useContractForm: one number whose limits come from the stock on screen, not a contract body.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useHydrated } from '../../../lib/ssr';

interface QuantityStepperProps {
  /** What the line is, for the buttons' names ("Increase quantity of Ankara dress"). */
  itemName: string;
  quantity: number;
  /** The most that can be chosen (stock left); at least 1. */
  max: number;
  disabled?: boolean;
  onChange(quantity: number): void;
}

const stepButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-400 bg-white text-lg font-bold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** − / quantity / +; typing a number and leaving the field (or Enter) sets it. */
export function QuantityStepper({
  itemName,
  quantity,
  max,
  disabled: disabledByCaller,
  onChange,
}: QuantityStepperProps) {
  const inputId = useId();
  // On a server-rendered product page the buttons do nothing until the page hydrates: a tap before then would be lost.
  const hydrated = useHydrated();
  const disabled = disabledByCaller || !hydrated;
  const [text, setText] = useState(String(quantity));
  useEffect(() => setText(String(quantity)), [quantity]);
  const limit = Math.max(1, max);

  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    const wanted = Number.parseInt(text, 10);
    if (!Number.isInteger(wanted) || wanted < 1) {
      setText(String(quantity));
      return;
    }
    const next = Math.min(wanted, 999);
    if (next !== quantity) onChange(next);
    else setText(String(quantity));
  };

  return (
    <form onSubmit={commit} className="inline-flex items-center gap-1" aria-label={`Quantity of ${itemName}`}>
      <button
        type="button"
        className={stepButton}
        aria-label={`Decrease quantity of ${itemName}`}
        disabled={disabled || quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={inputId} className="sr-only">
        Quantity of {itemName}
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={limit}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit()}
        className="h-11 w-14 rounded-md border border-slate-400 bg-white text-center text-base text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={stepButton}
        aria-label={`Increase quantity of ${itemName}`}
        disabled={disabled || quantity >= limit}
        onClick={() => onChange(quantity + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </form>
  );
}
