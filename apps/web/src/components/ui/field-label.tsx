import { type ReactNode, useId } from 'react';

/**
 * A field's label. A required field (`aria-required` on its control) shows a red asterisk next to the label,
 * outside it and hidden from assistive technology, so the accessible name stays the label's text and screen
 * readers say "required" from the control itself.
 */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <div className="mb-1 flex items-baseline gap-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {required ? <RequiredMark /> : null}
    </div>
  );
}

/** True when a control was marked required with `aria-required` (true or "true"). */
export const isRequired = (value: unknown) => value === true || value === 'true';

/**
 * The red asterisk of a required field or group, hidden from assistive technology: the control says "required"
 * itself (`aria-required`), and a group says what it needs in its hint.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-sm font-semibold text-red-700" title="Required">
      *
    </span>
  );
}

/** What the asterisk means, said once at the top of a form that marks required fields. */
export function RequiredFieldsNote() {
  return (
    <p className="text-sm text-slate-600">
      Fields marked <span className="font-semibold text-red-700">*</span> are required.
    </p>
  );
}

/**
 * The ids that tie a field's control to its hint and its error. Spread `control` on the input, select or textarea
 * before the caller's own attributes (which win), give `controlId` to FieldNotes, and draw the control's `border`.
 */
export function useFieldIds(id: string | undefined, { hint, error }: { hint?: ReactNode; error?: string }) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy =
    [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return {
    controlId,
    control: { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
    border: error ? 'border-red-700' : 'border-slate-400',
  };
}

/** A field's hint and its error under the control, with the ids `useFieldIds` points at; the error is announced. */
export function FieldNotes({
  controlId,
  hint,
  error,
}: {
  controlId: string;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={`${controlId}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
