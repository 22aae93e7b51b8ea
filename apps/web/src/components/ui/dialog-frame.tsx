import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { dialogKeyHandler } from './dialog-keyboard';
import { inputClasses } from './text-field';

interface DialogFrameProps {
  /** `alertdialog` for a question that interrupts (confirm), `dialog` for one that asks for something. */
  role?: 'dialog' | 'alertdialog';
  title: string;
  /** What the dialog is about: the panel's accessible description. */
  description: ReactNode;
  /** Where focus starts; Cancel when none is given. */
  initialFocus?: RefObject<HTMLElement | null>;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** The body between the description and the buttons (a reason field). */
  children?: ReactNode;
}

/**
 * The frame every modal question shares (confirm, prompt, money): a backdrop, a labelled and described panel,
 * focus kept inside (Tab cycles, Escape cancels unless busy), Cancel and the action, and focus given back where it
 * was when the dialog closes. Render it only while the dialog is open: it focuses when it mounts.
 */
export function DialogFrame({
  role = 'dialog',
  title,
  description,
  initialFocus,
  confirmLabel,
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the dialog opens (mounts).
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    (initialFocus ?? cancel).current?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/60 p-4 sm:items-center">
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog (the caller's), which the linter cannot read from a variable. */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={dialogKeyHandler(panel, onCancel, busy)}
        className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <div id={descriptionId}>{description}</div>
        {children}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A dialog's text field with its label and its error, announced as it appears (prompt and money dialogs). */
export function DialogTextField({
  field,
  label,
  value,
  error,
  required,
  maxLength,
  onChange,
}: {
  field: RefObject<HTMLTextAreaElement | null>;
  label: ReactNode;
  value: string;
  error: string | null;
  required?: boolean;
  maxLength?: number;
  onChange(value: string): void;
}) {
  const fieldId = useId();
  return (
    <>
      <label htmlFor={fieldId} className="mt-4 mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        rows={3}
        maxLength={maxLength}
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
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
  );
}
