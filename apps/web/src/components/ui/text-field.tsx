import type { InputHTMLAttributes, Ref } from 'react';
import { FieldLabel, FieldNotes, isRequired, useFieldIds } from './field-label';

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
  const field = useFieldIds(id, { hint, error });
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.controlId} label={label} required={isRequired(rest['aria-required'])} />
      <input {...field.control} className={`${inputClasses} ${field.border}`} {...rest} />
      <FieldNotes controlId={field.controlId} hint={hint} error={error} />
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
