import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Words for the type errors a form field can raise, where zod's default is its own ("Invalid input: expected
 * number, received NaN", a cleared number field). A schema's own message still wins over these.
 */
export function friendlyIssue(issue: {
  code?: string;
  expected?: unknown;
  input?: unknown;
}): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.expected === 'number' || issue.expected === 'int')
    return issue.input === undefined || Number.isNaN(issue.input) ? 'Enter a number' : 'Must be a number';
  if (issue.expected === 'string') return 'This field is required';
  if (issue.expected === 'date') return 'Enter a date';
  return undefined;
}

/** A contract body schema a form can check: it reads and yields an object of fields. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The resolver of a form checked by a contract schema. Without `prepare` the form holds the schema's input; with
 * it the form holds its own values (strings of inputs, UI-only switches) and `prepare` turns them into the
 * schema's input before the check, so what is checked is exactly what is sent.
 */
export function contractResolver<S extends FormSchema, Values extends FieldValues = z.input<S>>(
  schema: S,
  prepare?: (values: Values) => z.input<S>,
): Resolver<Values, unknown, z.output<S>> {
  // The one cast of the app: zodResolver cannot infer input and output through a generic schema parameter, and
  // the prepared values are the schema's input, not the form's (the errors it answers use the same field paths).
  const check = zodResolver(schema, { error: friendlyIssue }) as unknown as Resolver<
    Values,
    unknown,
    z.output<S>
  >;
  return (values, context, options) =>
    check((prepare ? prepare(values) : values) as Values, context, options);
}

type ContractFormOptions<S extends FormSchema, Values extends FieldValues> = Omit<
  UseFormProps<Values, unknown, z.output<S>>,
  'resolver'
> & { prepare?: (values: Values) => z.input<S> };

/** Typed `useForm` options for a contract schema (the resolver and the three types of the form in one place). */
export function contractForm<S extends FormSchema, Values extends FieldValues = z.input<S>>(
  schema: S,
  { prepare, ...options }: ContractFormOptions<S, NoInfer<Values>>,
): UseFormProps<Values, unknown, z.output<S>> {
  return { ...options, resolver: contractResolver<S, Values>(schema, prepare) };
}

/**
 * `useForm` for a contract schema: fields typed by the schema's input (or by `Values` with `prepare`), and
 * `handleSubmit` hands over the checked output. Replaces `zodResolver(schema) as unknown as Resolver<…>`.
 */
export function useContractForm<S extends FormSchema, Values extends FieldValues = z.input<S>>(
  schema: S,
  // NoInfer: the fields' type comes from the schema (or is named), never from the default values given.
  options: ContractFormOptions<S, NoInfer<Values>>,
) {
  return useForm<Values, unknown, z.output<S>>(contractForm<S, Values>(schema, options));
}
