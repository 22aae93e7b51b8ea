import type { ReviewKind } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { EmptyState } from '../../../components/ui/states';
import { useStoreInbox } from '../api/store-inbox';
import { ReplyForm } from './reply-form';
import { ReviewKindField } from './review-kind-field';
import { ReviewList } from './review-list';

/** `/merchant/reviews`: what customers wrote about the store and its products, and the store's replies. */
export function MerchantReviews() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<ReviewKind | ''>('');
  const [unanswered, setUnanswered] = useState(false);
  const [replying, setReplying] = useState<string | null>(null);
  const inbox = useStoreInbox({ page, kind: kind || undefined, unanswered });
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <ReviewKindField
          label="Show"
          bothLabel="All reviews"
          value={kind}
          onChange={(next) => {
            setKind(next);
            setPage(1);
          }}
        />
        <CheckboxField
          label="Only without a reply"
          checked={unanswered}
          onChange={(event) => {
            setUnanswered(event.target.checked);
            setPage(1);
          }}
        />
      </div>
      <ReviewList
        reviews={inbox}
        empty={
          <EmptyState title={unanswered ? 'Every review has a reply' : 'No reviews yet'}>
            <p className="text-sm text-slate-700">
              Customers can review what they received once it is delivered.
            </p>
          </EmptyState>
        }
        page={page}
        onPage={setPage}
        about={(review) => review.productName ?? `Your store, ${review.storeName}`}
        actions={(review) => (
          <>
            {review.hidden ? (
              <p className="text-sm">
                <Badge tone="red">Hidden by an admin</Badge>{' '}
                <span className="text-slate-700">It is not shown to customers or counted in ratings.</span>
              </p>
            ) : null}
            {replying === review.id ? (
              <ReplyForm review={review} onDone={() => setReplying(null)} />
            ) : (
              <Button variant="secondary" className="mt-1" onClick={() => setReplying(review.id)}>
                {review.reply ? 'Edit reply' : 'Reply'}
                <span className="sr-only"> to {review.authorName}</span>
              </Button>
            )}
          </>
        )}
      />
    </div>
  );
}
