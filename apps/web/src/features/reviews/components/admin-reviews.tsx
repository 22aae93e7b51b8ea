import type { Review, ReviewKind } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState } from '../../../components/ui/states';
import { useAdminReviews, useModerateReview } from '../api/admin-reviews';
import { ReviewKindField } from './review-kind-field';
import { ReviewList } from './review-list';

type Visibility = '' | 'shown' | 'hidden';

/** `/admin/reviews`: every review, newest first; abusive ones are hidden (and leave the ratings) with a reason. */
export function AdminReviews() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<ReviewKind | ''>('');
  const [visibility, setVisibility] = useState<Visibility>('');
  const [hiding, setHiding] = useState<Review | null>(null);
  const list = useAdminReviews({
    page,
    kind: kind || undefined,
    hidden: visibility === '' ? undefined : visibility === 'hidden',
  });
  const moderate = useModerateReview();
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <ReviewKindField
          label="Kind"
          bothLabel="Products and stores"
          value={kind}
          onChange={(next) => {
            setKind(next);
            setPage(1);
          }}
        />
        <SelectField
          label="Visibility"
          value={visibility}
          onChange={(event) => {
            setVisibility(event.target.value as Visibility);
            setPage(1);
          }}
          options={[
            { value: '', label: 'Shown and hidden' },
            { value: 'shown', label: 'Shown' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          className="sm:w-56"
        />
      </div>
      <ReviewList
        reviews={list}
        empty={<EmptyState title="No reviews here" />}
        page={page}
        onPage={setPage}
        about={(review) =>
          `${review.productName ? `${review.productName} · ` : 'Store review · '}${review.storeName}`
        }
        actions={(review) =>
          review.hidden ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge tone="red">Hidden</Badge>
              <span className="text-slate-700">Reason: {review.hiddenReason}</span>
              <Button
                variant="secondary"
                loading={moderate.isPending && moderate.variables?.id === review.id}
                onClick={() => moderate.mutate({ id: review.id, hide: null })}
              >
                Show again<span className="sr-only"> the review by {review.authorName}</span>
              </Button>
            </div>
          ) : (
            <Button variant="dangerGhost" className="mt-1" onClick={() => setHiding(review)}>
              Hide<span className="sr-only"> the review by {review.authorName}</span>
            </Button>
          )
        }
      />
      <PromptDialog
        open={hiding !== null}
        title="Hide this review"
        description="It leaves the product or store page and its rating. The store and the author still see it, marked hidden."
        label="Reason"
        confirmLabel="Hide review"
        minLength={3}
        tooShort="Say why in at least 3 characters"
        busy={moderate.isPending}
        onCancel={() => setHiding(null)}
        onConfirm={(reason) => {
          if (!hiding) return;
          moderate.mutate({ id: hiding.id, hide: { reason } }, { onSuccess: () => setHiding(null) });
        }}
      />
    </div>
  );
}
