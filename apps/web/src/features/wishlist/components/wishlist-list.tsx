import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatApiNaira } from '../../../lib/money';
import { useRemoveFromWishlist, useWishlist, WISHLIST_MESSAGES } from '../api/wishlist';

/** `/account/wishlist`: saved products with today's price against the saved one, stock, and remove. */
export function WishlistList() {
  const list = useWishlist();
  const remove = useRemoveFromWishlist();
  if (list.isPending) return <LoadingState label="Loading your wishlist…" />;
  if (list.isError) return <ErrorState title={WISHLIST_MESSAGES.list} onRetry={() => list.refetch()} />;
  if (list.data.length === 0)
    return (
      <EmptyState title="Nothing saved yet">
        Save a product from its page, and we tell you when its price drops or it is back in stock.
        <Link to="/search" className={buttonClasses('secondary', 'mt-2')}>
          Browse products
        </Link>
      </EmptyState>
    );
  return (
    <ul className="space-y-3" aria-label="Saved products">
      {list.data.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
        >
          {item.image ? (
            <img src={item.image} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <Link to={`/products/${item.productId}`} className="font-semibold text-slate-900 underline">
              {item.name}
            </Link>
            <p className="text-sm text-slate-700">{item.storeName}</p>
            <p className="text-sm tabular-nums text-slate-900">
              {formatApiNaira(item.price)}
              {item.price < item.savedPrice ? (
                <span className="ml-2 text-emerald-800">was {formatApiNaira(item.savedPrice)}</span>
              ) : null}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {!item.available ? (
              <Badge>Not on sale</Badge>
            ) : item.inStock ? (
              <Badge tone="green">In stock</Badge>
            ) : (
              <Badge tone="amber">Sold out</Badge>
            )}
            <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(item.id)}>
              Remove<span className="sr-only"> {item.name}</span>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
