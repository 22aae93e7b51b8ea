// Written by hand, not with useContractForm: it sends a file (multipart), which no contract body schema checks.
import type { CustomerOrder } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextareaField } from '../../../components/ui/textarea-field';
import { isApiError } from '../../../lib/errors';
import { formatApiNaira } from '../../../lib/money';
import { useOrder } from '../../orders/api/get-order';
import { ORDER_MESSAGES } from '../../orders/api/orders-keys';
import { useCreateReturn, useCustomerReturns, useUploadReturnPhoto } from '../api/customer-returns';

const MAX_PHOTOS = 5;
const key = (item: { productId: string; variantId: string | null }) =>
  `${item.productId}:${item.variantId ?? ''}`;

/**
 * Units of each line already in a return that was not rejected (asked, approved, received, refunded or
 * replaced): they cannot be sent back again, so the form offers only the rest.
 */
export function unitsAlreadyReturned(
  returns: readonly {
    status: { code_name: string };
    products: readonly { productId: string; variantId: string | null; quantity: number }[];
  }[],
): Map<string, number> {
  const used = new Map<string, number>();
  for (const item of returns) {
    if (item.status.code_name === 'rejected') continue;
    for (const product of item.products)
      used.set(key(product), (used.get(key(product)) ?? 0) + product.quantity);
  }
  return used;
}

function Form({ order }: { order: CustomerOrder }) {
  const navigate = useNavigate();
  const create = useCreateReturn();
  const earlier = useCustomerReturns(order.id);
  const used = unitsAlreadyReturned(earlier.data?.returns ?? []);
  const left = (item: CustomerOrder['orderItems'][number]) =>
    Math.max(0, item.quantity - (used.get(key(item)) ?? 0));
  const upload = useUploadReturnPhoto();
  const [type, setType] = useState<'return' | 'replace'>('return');
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [photos, setPhotos] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const wanted = (item: CustomerOrder['orderItems'][number]) =>
    Math.min(quantities[key(item)] ?? 0, left(item));
  const chosen = order.orderItems.filter((item) => wanted(item) > 0);

  async function addPhotos(files: FileList | null) {
    for (const file of Array.from(files ?? []).slice(0, MAX_PHOTOS - photos.length)) {
      const answer = await upload.mutateAsync(file).catch(() => null);
      if (answer) setPhotos((current) => [...current, answer.data.url]);
    }
  }

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) return setProblem('Choose at least one item and how many to send back.');
        if (reason.trim().length < 5)
          return setProblem('Tell the store what is wrong (at least 5 characters).');
        setProblem(null);
        // mutateAsync, not mutate's callbacks: the success refreshes the order, which now has a return and so
        // replaces this form, and an unmounted component's mutate callbacks never run.
        create
          .mutateAsync({
            orderId: order.id,
            type,
            reason: reason.trim(),
            photos,
            items: chosen.map((item) => ({
              productId: item.productId,
              variantId: item.variantId,
              quantity: wanted(item),
            })),
          })
          .then(
            () => navigate(`/account/orders/${order.id}`),
            (error: unknown) => setProblem(isApiError(error) ? error.message : 'Something went wrong'),
          );
      }}
    >
      <fieldset className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-bold text-slate-900">What would you like?</legend>
        {(
          [
            ['return', 'Return the items for a refund'],
            ['replace', 'Replace the items with new ones'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input
              type="radio"
              name="type"
              value={value}
              checked={type === value}
              onChange={() => setType(value)}
              className="h-5 w-5 accent-emerald-700"
            />
            {label}
          </label>
        ))}
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-bold text-slate-900">Items and quantities</legend>
        {order.orderItems.map((item) => {
          const id = `qty-${key(item)}`;
          return (
            <div key={key(item)} className="flex flex-wrap items-center justify-between gap-3">
              <label htmlFor={id} className="min-w-0 text-sm text-slate-900">
                <span className="block font-semibold">{item.productName}</span>
                <span className="block text-slate-700">
                  Bought {item.quantity} × {formatApiNaira(item.productPrice)}
                  {left(item) < item.quantity ? ` · ${item.quantity - left(item)} already in a return` : ''}
                </span>
              </label>
              <select
                id={id}
                className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-slate-900"
                value={Math.min(quantities[key(item)] ?? 0, left(item))}
                disabled={left(item) === 0}
                onChange={(event) =>
                  setQuantities((current) => ({ ...current, [key(item)]: Number(event.target.value) }))
                }
              >
                {Array.from({ length: left(item) + 1 }, (_, units) => units).map((count) => (
                  <option key={count} value={count}>
                    {count === 0 ? 'None' : count}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>

      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <TextareaField
          label="What is wrong?"
          aria-required
          rows={4}
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
        />
        <div>
          <label htmlFor="return-photos" className="block text-sm font-semibold text-slate-900">
            Photos (up to {MAX_PHOTOS})
          </label>
          <input
            id="return-photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={photos.length >= MAX_PHOTOS || upload.isPending}
            onChange={(event) => void addPhotos(event.target.files)}
            className="mt-1 block w-full text-sm text-slate-900"
          />
          {upload.isPending ? <p className="mt-1 text-sm text-slate-700">Uploading…</p> : null}
          {photos.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Uploaded photos">
              {photos.map((url, index) => (
                <li key={url} className="relative">
                  <img
                    src={url}
                    alt={`Your upload ${index + 1}`}
                    className="h-20 w-20 rounded-md object-cover"
                  />
                  <Button
                    variant="ghost"
                    className="mt-1 w-20 px-1 text-xs"
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => setPhotos((current) => current.filter((photo) => photo !== url))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending}>
          {type === 'replace' ? 'Ask for a replacement' : 'Ask for a return'}
        </Button>
        <Link to={`/account/orders/${order.id}`} className={buttonClasses('secondary')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Start a return or a replacement of some items of a delivered order. */
export function ReturnForm({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <LoadingState label="Loading your order…" />;
  if (order.isError) return <ErrorState title={ORDER_MESSAGES.order} onRetry={() => order.refetch()} />;
  const data = order.data;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Return or replace items of {data.orderName}</h1>
      {data.orderStatus.code_name !== 'delivered' || data.orderReturnId ? (
        <EmptyState
          title={
            data.orderReturnId
              ? 'This order already has a return in progress'
              : 'Only a delivered order can be returned or replaced'
          }
        >
          <Link to={`/account/orders/${data.id}`} className={buttonClasses('secondary', 'mt-2')}>
            Back to the order
          </Link>
        </EmptyState>
      ) : (
        <Form order={data} />
      )}
    </div>
  );
}
