import type { CartLine } from '@market/contracts';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { formatApiNaira } from '../../../lib/money';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import { QuantityStepper } from './quantity-stepper';

export function variantText(line: Pick<CartLine, 'productVariant'>): string | null {
  const variant = line.productVariant;
  if (!variant) return null;
  return [variant.size, variant.color].filter(Boolean).join(' / ') || variant.sku;
}

/** One cart line: picture, name, option, price, quantity +/−, remove, and what is wrong with it (if anything). */
export function CartLineItem({ line, compact = false }: { line: CartLine; compact?: boolean }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const option = variantText(line);
  const problemId = `cart-line-${line.id}-problem`;
  return (
    <li
      className={`flex gap-3 py-3 ${line.problem ? 'rounded-md bg-red-50 px-2' : ''}`}
      aria-describedby={line.problem ? problemId : undefined}
    >
      <div
        className={`${compact ? 'h-14 w-14' : 'h-20 w-20'} shrink-0 overflow-hidden rounded-md bg-slate-100`}
      >
        <CartImage line={line} />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <Link
          to={`/products/${line.productId}`}
          className="line-clamp-2 font-semibold text-slate-900 underline"
        >
          {line.name}
        </Link>
        {option ? <p className="text-sm text-slate-700">Option: {option}</p> : null}
        <p className="text-sm text-slate-700">
          {formatApiNaira(line.unitPrice)} each
          {compact ? null : (
            <>
              {' · '}
              <span className="font-semibold text-slate-900">{formatApiNaira(line.lineTotal)}</span>
            </>
          )}
        </p>
        {line.problem ? (
          <p id={problemId} className="text-sm font-semibold text-red-800">
            {line.problem}
            {line.availableQuantity > 0 && line.quantity > line.availableQuantity
              ? ' — lower the quantity to continue'
              : line.availableQuantity === 0
                ? ' — remove it to continue'
                : null}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <QuantityStepper
            itemName={line.name}
            quantity={line.quantity}
            max={Math.max(line.availableQuantity, line.quantity > line.availableQuantity ? 1 : line.quantity)}
            disabled={remove.isPending}
            onChange={(quantity) => update.mutate({ line, quantity })}
          />
          <button
            type="button"
            onClick={() => remove.mutate(line.id)}
            disabled={remove.isPending}
            className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
          >
            Remove<span className="sr-only"> {line.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

function CartImage({ line }: { line: CartLine }) {
  const src = line.hostedImages[0];
  if (!src) return <div aria-hidden="true" className="h-full w-full bg-slate-200" />;
  return (
    <ResponsiveImage
      src={src}
      alt=""
      fallbackWidth={160}
      maxWidth={400}
      sizes="80px"
      width={80}
      height={80}
      className="h-full w-full object-cover"
    />
  );
}
