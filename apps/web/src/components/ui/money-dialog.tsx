import { useEffect, useRef, useState } from 'react';
import { DialogFrame, DialogTextField } from './dialog-frame';

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
  const field = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(initialReason);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens, not on each keystroke's re-render.
  useEffect(() => {
    if (!open) return;
    setValue(initialReason);
    setError(null);
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

  return (
    <DialogFrame
      title={title}
      description={
        <>
          <p
            className="mt-2 text-2xl font-bold tabular-nums text-slate-900"
            data-testid="money-dialog-amount"
          >
            {amount}
          </p>
          <p className="mt-1 text-slate-700">{description}</p>
        </>
      }
      initialFocus={reason === 'none' ? undefined : field}
      confirmLabel={confirmLabel}
      tone={tone}
      busy={busy}
      onConfirm={submit}
      onCancel={onCancel}
    >
      {reason === 'none' ? null : (
        <DialogTextField
          field={field}
          label={`${reasonLabel}${reason === 'optional' ? ' (optional)' : ''}`}
          value={value}
          error={error}
          required={reason === 'required'}
          maxLength={500}
          onChange={setValue}
        />
      )}
    </DialogFrame>
  );
}
