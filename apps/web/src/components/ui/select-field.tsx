import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldLabel, FieldNotes, isRequired, useFieldIds } from './field-label';
import { inputClasses } from './text-field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, options, id, className = '', ...rest }: SelectFieldProps) {
  const field = useFieldIds(id, { error });
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.controlId} label={label} required={isRequired(rest['aria-required'])} />
      <select {...field.control} className={`${inputClasses} ${field.border}`} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes controlId={field.controlId} error={error} />
    </div>
  );
}
