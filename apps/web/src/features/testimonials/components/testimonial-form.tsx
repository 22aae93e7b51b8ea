import { platformTestimonialBody } from '@market/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { RatingInput } from '../../../components/ui/rating-input';
import { Stars } from '../../../components/ui/star-rating';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { useMyTestimonials, useSendTestimonial } from '../api/testimonials';

const statusTone = { pending: 'amber', approved: 'green', rejected: 'slate' } as const;
const statusText = {
  pending: 'Waiting for approval',
  approved: 'On the home page',
  rejected: 'Not published',
};

/** A customer's words about Naija Market, shown on the home page after an admin approves them. */
export function TestimonialForm() {
  const send = useSendTestimonial();
  const mine = useMyTestimonials();
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(platformTestimonialBody, { defaultValues: { text: '', rating: 5 } });
  const onSubmit = handleSubmit((values) => {
    setAlert(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        reset();
        setAlert({ tone: 'success', text: answer.message });
      },
      onError: (error) => {
        const text = applyServerErrors(error, setError, ['text', 'rating']);
        if (text) setAlert({ tone: 'error', text });
      },
    });
  });
  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate aria-label="Send a testimonial" className="max-w-xl space-y-4">
        {alert ? <FormAlert tone={alert.tone}>{alert.text}</FormAlert> : null}
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <RatingInput
              legend="How would you rate Naija Market?"
              value={field.value}
              onChange={field.onChange}
              error={errors.rating?.message}
            />
          )}
        />
        <TextareaField
          label="Your testimonial"
          rows={4}
          maxLength={600}
          aria-required="true"
          error={errors.text?.message}
          {...register('text')}
        />
        <Button type="submit" loading={send.isPending}>
          Send testimonial
        </Button>
      </form>
      {mine.data && mine.data.length > 0 ? (
        <section aria-labelledby="mine-heading" className="space-y-2">
          <h2 id="mine-heading" className="text-lg font-bold text-slate-900">
            Your testimonials
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
            {mine.data.map((testimonial) => (
              <li key={testimonial.id} className="space-y-1 py-3">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Stars value={testimonial.rating} />
                  <span className="text-slate-700">{formatDate(testimonial.createdAt)}</span>
                  <Badge tone={statusTone[testimonial.status]}>{statusText[testimonial.status]}</Badge>
                </p>
                <p className="text-slate-800">{testimonial.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
