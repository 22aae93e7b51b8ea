import { reviewRating, reviewText } from '@market/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { RatingInput } from '../../../components/ui/rating-input';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { type NewReview, useCreateReview } from '../api/create-review';

const schema = z.object({ rating: reviewRating, text: reviewText });
type Values = { rating: number; text: string };

/** Rating and words about a product or a store the customer received; one review each. */
export function ReviewForm({
  subject,
  label,
  onDone,
  onCancel,
}: {
  subject: { kind: 'product'; productId: string } | { kind: 'merchant'; storeId: string };
  /** What is reviewed, for the form's name: "Review Oraimo Power Bank". */
  label: string;
  onDone(): void;
  onCancel(): void;
}) {
  const create = useCreateReview();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm<typeof schema, Values>(schema, { defaultValues: { rating: 0, text: '' } });

  const onSubmit = handleSubmit((values) => {
    setAlert(null);
    create.mutate({ ...subject, ...values } as NewReview, {
      onSuccess: onDone,
      onError: (error) => setAlert(applyServerErrors(error, setError, ['rating', 'text'])),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-3 rounded-md bg-slate-50 p-3">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <RatingInput value={field.value} onChange={field.onChange} error={errors.rating?.message} />
        )}
      />
      <TextareaField
        label="Your review"
        rows={4}
        maxLength={2000}
        aria-required="true"
        error={errors.text?.message}
        {...register('text')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending}>
          Send review
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
