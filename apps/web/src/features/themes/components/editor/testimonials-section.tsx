// Not yet on useContractForm (issue 30): its test pins a synchronous double-click guard and handleSubmit is async.
import { type Testimonial, type TestimonialBody, testimonialBody } from '@market/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { pluralize } from '../../../../lib/plural';

type Draft = Omit<TestimonialBody, 'merchantThemeId'>;
const empty: Draft = { name: '', title: '', message: '', rating: 5 };
const ratings = [5, 4, 3, 2, 1].map((value) => ({ value: String(value), label: pluralize(value, 'star') }));

/** Add, delete and list testimonials; the list is reloaded from the server after each save (section 4). */
export function TestimonialsSection({
  testimonials,
  isError,
  onRetry,
  onAdd,
  onDelete,
  adding,
  deletingId,
}: {
  testimonials: Testimonial[] | undefined;
  isError: boolean;
  onRetry(): void;
  onAdd(draft: Draft, done: () => void): void;
  onDelete(id: string): void;
  adding: boolean;
  deletingId: string | undefined;
}) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A double click submits twice before `adding` re-renders the button busy: the first submit holds the form
  // until its save settles, so one click, or two, adds one testimonial.
  const sending = useRef(false);
  useEffect(() => {
    if (!adding) sending.current = false;
  }, [adding]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || adding) return;
    const checked = testimonialBody.safeParse({
      ...draft,
      merchantThemeId: '00000000-0000-4000-8000-000000000000',
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    sending.current = true;
    onAdd(draft, () => setDraft(empty));
  };
  return (
    <FormSection title="Testimonials">
      {isError ? (
        <div role="alert" className="text-sm text-red-800">
          Could not load the testimonials.{' '}
          <button type="button" className="min-h-11 font-semibold underline" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : testimonials === undefined ? (
        <p className="text-sm text-slate-700">Loading testimonials…</p>
      ) : testimonials.length === 0 ? (
        <p className="text-sm text-slate-700">No testimonials yet. Add what a happy customer said.</p>
      ) : (
        <ul aria-label="Testimonials" className="divide-y divide-slate-200">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className="flex items-start gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm text-slate-900">“{testimonial.message}”</p>
                <p className="text-xs text-slate-700">
                  {testimonial.name}
                  {testimonial.title ? `, ${testimonial.title}` : ''} ·{' '}
                  {pluralize(testimonial.rating, 'star')}
                </p>
              </div>
              <Button
                variant="dangerGhost"
                loading={deletingId === testimonial.id}
                onClick={() => onDelete(testimonial.id)}
                aria-label={`Delete the testimonial of ${testimonial.name}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="space-y-3 border-t border-slate-200 pt-3">
        <TextField
          label="Customer's name"
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          error={errors.name}
          aria-required
        />
        <TextField
          label="Who they are (optional)"
          hint="For example: Customer, Ibadan"
          value={draft.title ?? ''}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          error={errors.title}
        />
        <TextareaField
          label="What they said"
          value={draft.message}
          onChange={(event) => setDraft({ ...draft, message: event.target.value })}
          error={errors.message}
          aria-required
        />
        <SelectField
          label="Rating"
          options={ratings}
          value={String(draft.rating ?? 5)}
          onChange={(event) => setDraft({ ...draft, rating: Number(event.target.value) })}
        />
        <Button type="submit" loading={adding}>
          Add testimonial
        </Button>
      </form>
    </FormSection>
  );
}
