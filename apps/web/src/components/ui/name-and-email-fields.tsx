import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

type Field = 'firstName' | 'lastName' | 'email';

/**
 * The first and last name side by side and the email under them, for a form that signs someone else up (an admin, a
 * store's staff member): no autocomplete, as the person typing is not the one named.
 */
export function NameAndEmailFields({
  register,
  errors,
}: {
  /** The form's `register`. */
  register: (name: Field) => UseFormRegisterReturn;
  errors: Partial<Record<Field, { message?: string }>>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
    </>
  );
}
