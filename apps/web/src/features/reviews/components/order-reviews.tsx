import type { CustomerOrder } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Stars } from '../../../components/ui/star-rating';
import { useMyReviews } from '../api/get-my-reviews';
import { ReviewForm } from './review-form';

const RECEIVED = ['delivered', 'completed'];

export function canReview(order: CustomerOrder): boolean {
  return RECEIVED.includes(order.orderStatus.code_name);
}

/** Under an item of a delivered order: "Write a review", the form, or the customer's own rating once sent. */
export function ReviewItemAction({
  order,
  productId,
  productName,
}: {
  order: CustomerOrder;
  productId: string;
  productName: string;
}) {
  const mine = useMyReviews(canReview(order));
  const [open, setOpen] = useState(false);
  if (!canReview(order) || mine.isPending || mine.isError) return null;
  const done = mine.data.reviews.find(
    (review) => review.kind === 'product' && review.productId === productId,
  );
  if (done)
    return (
      <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
        You rated it <Stars value={done.rating} />
        <span className="sr-only">{done.rating} out of 5</span>
      </p>
    );
  if (!open)
    return (
      <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
        Write a review<span className="sr-only"> of {productName}</span>
      </Button>
    );
  return (
    <div className="mt-2">
      <ReviewForm
        subject={{ kind: 'product', productId }}
        label={`Review ${productName}`}
        onDone={() => setOpen(false)}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

/** Below a delivered order: review the store that sold it (once per store). */
export function ReviewStoreAction({ order }: { order: CustomerOrder }) {
  const mine = useMyReviews(canReview(order));
  const [open, setOpen] = useState(false);
  if (!canReview(order) || mine.isPending || mine.isError) return null;
  const done = mine.data.reviews.find(
    (review) => review.kind === 'merchant' && review.storeId === order.storeId,
  );
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-900">How was {order.storeName}?</h2>
      {done ? (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          You rated this store <Stars value={done.rating} />
          <span className="sr-only">{done.rating} out of 5</span>
        </p>
      ) : open ? (
        <ReviewForm
          subject={{ kind: 'merchant', storeId: order.storeId }}
          label={`Review ${order.storeName}`}
          onDone={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Review the store
        </Button>
      )}
    </section>
  );
}
