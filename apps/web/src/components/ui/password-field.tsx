import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { FieldNotes, useFieldIds } from './field-label';
import { inputClasses } from './text-field';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide switch (typing on a phone keyboard is error-prone). */
export function PasswordField({ label, error, hint, id, className = '', ...rest }: PasswordFieldProps) {
  const field = useFieldIds(id, { hint, error });
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={field.controlId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          {...field.control}
          type={visible ? 'text' : 'password'}
          className={`${inputClasses} pr-16 ${field.border}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-1 right-1 rounded px-2 text-sm font-semibold text-emerald-800 hover:bg-slate-100"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldNotes controlId={field.controlId} hint={hint} error={error} />
    </div>
  );
}
