import { Button } from '../../../components/ui/button';
import { useRemoveFromWishlist, useSaveToWishlist, useWishlist } from '../api/wishlist';

/** The signed-in customer's save button (loaded by `SaveButton` only then): saves or removes the product. */
export function SignedInSaveButton({
  productId,
  variantId,
}: {
  productId: string;
  variantId?: string | null;
}) {
  const list = useWishlist();
  const save = useSaveToWishlist();
  const remove = useRemoveFromWishlist();
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
