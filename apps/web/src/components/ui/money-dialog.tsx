import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { dialogKeyHandler } from './dialog-keyboard';
import { inputClasses } from './text-field';

/** The shortest reason accepted, as the server checks it (ADR 049). */
export const MIN_REASON_LENGTH = 5;

interface MoneyDialogProps {
  open: boolean;
  title: string;
  /** The amount the action moves (or refuses), already in ₦: shown on its own line so nobody confirms blind. */
  amount: string;
  /** What happens to that money, in one or two sentences. */
  description: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** `required` for every rejection (and chargebacks); `optional` when a note may go with it; `none` otherwise. */
  reason?: 'none' | 'optional' | 'required';
  reasonLabel?: string;
  /** What the reason field starts with (e.g. a note saved before). */
  initialReason?: string;
  busy?: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/**
 * The confirmation of every money button (refund, reject, chargeback, write-off, approve payout): the amount in ₦,
 * and a reason when the action needs one. Modal: focus starts in the reason (or on Cancel), stays inside, Escape
 * cancels, focus goes back where it was.
 */
export function MoneyDialog({
  open,
  title,
  amount,
  description,
  confirmLabel,
  tone = 'primary',
  reason = 'none',
  reasonLabel = 'Reason',
  initialReason = '',
  busy = false,
  onConfirm,
  onCancel,
}: MoneyDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const fieldId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState(initialReason);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens, not on each keystroke's re-render.
  useEffect(() => {
    if (!open) return;
    setValue(initialReason);
    setError(null);
    const previous = document.activeElement as HTMLElement | null;
    (reason === 'none' ? cancel.current : field.current)?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const submit = () => {
    const text = value.trim();
    if (reason === 'required' && text.length < MIN_REASON_LENGTH) {
      setError(`Give the reason (at least ${MIN_REASON_LENGTH} characters)`);
      field.current?.focus();
      return;
    }
    onConfirm(reason === 'none' ? '' : text);
  };

  const onKeyDown = dialogKeyHandler(panel, onCancel, busy);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/60 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <div id={descriptionId}>
          <p
            className="mt-2 text-2xl font-bold tabular-nums text-slate-900"
            data-testid="money-dialog-amount"
          >
            {amount}
          </p>
          <p className="mt-1 text-slate-700">{description}</p>
        </div>
        {reason === 'none' ? null : (
          <>
            <label htmlFor={fieldId} className="mt-4 mb-1 block text-sm font-medium text-slate-800">
              {reasonLabel}
              {reason === 'optional' ? ' (optional)' : ''}
            </label>
            <textarea
              ref={field}
              id={fieldId}
              rows={3}
              maxLength={500}
              value={value}
              required={reason === 'required'}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className={`${inputClasses} ${error ? 'border-red-700' : 'border-slate-400'}`}
            />
            <div aria-live="polite">
              {error ? (
                <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          </>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} onClick={submit} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
