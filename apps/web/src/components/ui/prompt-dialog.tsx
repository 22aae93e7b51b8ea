import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { dialogKeyHandler } from './dialog-keyboard';
import { inputClasses } from './text-field';

interface PromptDialogProps {
  open: boolean;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  /** Shortest acceptable answer; shorter ones show `tooShort`. */
  minLength?: number;
  tooShort?: string;
  busy?: boolean;
  onConfirm(value: string): void;
  onCancel(): void;
}

/** A modal that asks for a text (a rejection reason): focus starts in the field, Escape cancels. */
export function PromptDialog({
  open,
  title,
  description,
  label,
  confirmLabel,
  minLength = 1,
  tooShort = 'Please write a little more',
  busy = false,
  onConfirm,
  onCancel,
}: PromptDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setValue('');
    setError(null);
    const previous = document.activeElement as HTMLElement | null;
    field.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const submit = () => {
    if (value.trim().length < minLength) {
      setError(tooShort);
      field.current?.focus();
      return;
    }
    onConfirm(value.trim());
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
        <p id={descriptionId} className="mt-2 text-slate-700">
          {description}
        </p>
        <label htmlFor={fieldId} className="mt-4 mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          rows={3}
          value={value}
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
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
