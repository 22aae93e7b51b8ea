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
      {required ? (
        <span aria-hidden="true" className="text-sm font-semibold text-red-700" title="Required">
          *
        </span>
      ) : null}
    </div>
  );
}

/** True when a control was marked required with `aria-required` (true or "true"). */
export const isRequired = (value: unknown) => value === true || value === 'true';
