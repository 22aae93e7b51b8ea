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
