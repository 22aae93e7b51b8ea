import { type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { FieldLabel, isRequired } from './field-label';
import { inputClasses } from './text-field';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input; its error is announced and tied to it. */
export function TextareaField({ label, error, id, className = '', rows = 3, ...rest }: TextareaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} required={isRequired(rest['aria-required'])} />
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} ${error ? 'border-red-700' : 'border-slate-400'}`}
        {...rest}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
