import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { errorToastMessage } from '../../../lib/toast-rules';

/** The contract body of a code the cart takes: a coupon's or a gift card's. */
type CodeBody = z.ZodType<{ code: string }, { code: string }>;

/** What applies a code: the cart's apply mutation, read only for what this form needs. */
interface CodeApplier {
  isPending: boolean;
  mutate: (code: string, options: { onSuccess: () => void; onError: (failure: Error) => void }) => void;
}

/**
 * The field and Apply of a code the cart takes. A code that applies clears the field; one the server refuses
 * stays, with the server's reason under it, so the shopper can correct it.
 */
export function CodeEntryForm({
  schema,
  label,
  placeholder,
  apply,
  couldNotApply,
}: {
  schema: CodeBody;
  label: string;
  placeholder?: string;
  apply: CodeApplier;
  /** Said when the server's refusal carries no message of its own. */
  couldNotApply: string;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(schema, { defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) => {
    apply.mutate(code, {
      onSuccess: () => reset({ code: '' }),
      onError: (failure) => setError('code', { message: errorToastMessage(failure) ?? couldNotApply }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex items-start gap-2">
      <TextField
        label={label}
        className="flex-1"
        autoCapitalize="characters"
        autoComplete="off"
        placeholder={placeholder}
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" variant="secondary" className="mt-6" loading={apply.isPending}>
        Apply
      </Button>
    </form>
  );
}
