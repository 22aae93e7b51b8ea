import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { loginPath } from '../../../lib/account';
import { isApiError } from '../../../lib/errors';
import { notifyFailure } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/ssr';
import { useAddToCart } from '../api/add-to-cart';
import { QuantityStepper } from './quantity-stepper';

interface AddToCartProps {
  productId: string;
  productName: string;
  /** The chosen variant; null for a product without options. */
  variantId: string | null;
  /** The product has options but none can be chosen (all sold out). */
  needsVariant?: boolean;
  /** Stock of the product or of the chosen variant. */
  available: number;
}

/** Quantity and "Add to cart" of a product page; visitors go to the sign-in page and come back here. */
export function AddToCart({
  productId,
  productName,
  variantId,
  needsVariant = false,
  available,
}: AddToCartProps) {
  const session = useSession('customer');
  const navigate = useNavigate();
  const location = useLocation();
  const add = useAddToCart();
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState(1);
  const soldOut = available <= 0 || needsVariant;
  const here = `${location.pathname}${location.search}`;

  const onAdd = () => {
    if (!session) {
      navigate(loginPath('customer', here));
      return;
    }
    add.mutate(
      { productId, variantId, quantity, action: 'increase' },
      {
        onSuccess: () => setQuantity(1),
        onError: (error) => {
          if (isApiError(error) && error.status === 401) navigate(loginPath('customer', here));
          else notifyFailure('Could not add to cart', error);
        },
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      {soldOut ? null : (
        <QuantityStepper
          itemName={productName}
          quantity={quantity}
          max={Math.min(available, 999)}
          onChange={setQuantity}
        />
      )}
      <Button
        className="min-w-40 flex-1 bg-[var(--sf-primary-button,#047857)] text-[var(--sf-primary-label,#ffffff)] sm:flex-none"
        onClick={onAdd}
        disabled={soldOut || !hydrated}
        loading={add.isPending}
      >
        {soldOut ? 'Sold out' : 'Add to cart'}
      </Button>
    </div>
  );
}
