import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { useRemoveFromWishlist, useSaveToWishlist, useWishlist } from '../api/wishlist';

/**
 * Save for later (issue 36): saves the product, or the chosen variant, to the customer's wishlist, or removes it;
 * a visitor is sent to sign in. The wishlist tells of a price drop or a return to stock.
 */
export function SaveButton({ productId, variantId }: { productId: string; variantId?: string | null }) {
  const signedIn = Boolean(useSession('customer'));
  const list = useWishlist();
  const save = useSaveToWishlist();
  const remove = useRemoveFromWishlist();
  if (!signedIn)
    return (
      <Link to="/customer/login" className={buttonClasses('secondary')}>
        Sign in to save for later
      </Link>
    );
  const saved = list.data?.find(
    (item) => item.productId === productId && item.variantId === (variantId ?? null),
  );
  return (
    <Button
      variant="secondary"
      aria-pressed={Boolean(saved)}
      loading={save.isPending || remove.isPending}
      disabled={list.isPending}
      onClick={() =>
        saved ? remove.mutate(saved.id) : save.mutate({ productId, ...(variantId ? { variantId } : {}) })
      }
    >
      {saved ? '♥ Saved to your wishlist' : '♡ Save for later'}
    </Button>
  );
}
