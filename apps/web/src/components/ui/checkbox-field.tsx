import { type InputHTMLAttributes, type Ref, useId } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, hint, id, className = '', ...rest }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-emerald-700"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        {...rest}
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${inputId}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
