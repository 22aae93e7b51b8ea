import { type Review, reviewReplyBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { errorToastMessage } from '../../../lib/toast-rules';
import { REVIEW_MESSAGES } from '../api/reviews-keys';
import { useReplyToReview } from '../api/store-inbox';

/** The store's reply to a review, new or edited; a refusal of the server is said under the reply. */
export function ReplyForm({ review, onDone }: { review: Review; onDone(): void }) {
  const reply = useReplyToReview();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(reviewReplyBody, { defaultValues: { reply: review.reply ?? '' } });
  const submit = handleSubmit((body) =>
    reply.mutate(
      { id: review.id, reply: body.reply },
      {
        onSuccess: onDone,
        onError: (failure) =>
          setError('reply', { message: errorToastMessage(failure) ?? REVIEW_MESSAGES.reply }),
      },
    ),
  );
  return (
    <form
      noValidate
      aria-label={`Reply to ${review.authorName}`}
      className="mt-2 space-y-2"
      onSubmit={submit}
    >
      <TextareaField
        label="Your reply (the customer is told by email)"
        maxLength={2000}
        error={errors.reply?.message}
        {...register('reply')}
      />
      <div className="flex gap-2">
        <Button type="submit" loading={reply.isPending}>
          Save reply
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
