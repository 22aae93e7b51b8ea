import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldLabel, FieldNotes, isRequired, useFieldIds } from './field-label';
import { inputClasses } from './text-field';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input; its error is announced and tied to it. */
export function TextareaField({ label, error, id, className = '', rows = 3, ...rest }: TextareaFieldProps) {
  const field = useFieldIds(id, { error });
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.controlId} label={label} required={isRequired(rest['aria-required'])} />
      <textarea {...field.control} rows={rows} className={`${inputClasses} ${field.border}`} {...rest} />
      <FieldNotes controlId={field.controlId} error={error} />
    </div>
  );
}
