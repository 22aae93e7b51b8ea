import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { FieldLabel, isRequired } from './field-label';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses =
  'block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500';

/** A labelled input; its error is announced (role="alert") and tied to it with aria-describedby. */
export function TextField({ label, error, hint, id, className = '', ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} required={isRequired(rest['aria-required'])} />
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClasses} ${error ? 'border-red-700' : 'border-slate-400'}`}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled search box that hands on its text as it is typed (the list it searches asks the server, debounced). */
export function SearchField({
  onSearch,
  ...rest
}: Omit<TextFieldProps, 'type' | 'onChange'> & { value: string; onSearch(text: string): void }) {
  return <TextField type="search" {...rest} onChange={(event) => onSearch(event.target.value)} />;
}
