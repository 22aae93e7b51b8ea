import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';

// The wishlist's reads and mutations load only for a signed-in customer: a visitor's button is a link to sign in,
// and the public product pages that carry it download none of that code (ADR 056; the first-load budget).
const SignedInSaveButton = lazy(() =>
  import('./save-button-signed-in').then((module) => ({ default: module.SignedInSaveButton })),
);

/**
 * Save for later (issue 36): saves the product, or the chosen variant, to the customer's wishlist, or removes it;
 * a visitor is sent to sign in. The wishlist tells of a price drop or a return to stock.
 */
export function SaveButton({ productId, variantId }: { productId: string; variantId?: string | null }) {
  const signedIn = Boolean(useSession('customer'));
  if (!signedIn)
    return (
      <Link to="/customer/login" className={buttonClasses('secondary')}>
        Sign in to save for later
      </Link>
    );
  return (
    <Suspense
      fallback={
        <Button variant="secondary" disabled>
          ♡ Save for later
        </Button>
      }
    >
      <SignedInSaveButton productId={productId} variantId={variantId} />
    </Suspense>
  );
}
