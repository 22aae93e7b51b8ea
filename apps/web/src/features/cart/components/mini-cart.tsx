import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { CartIcon, triggerClasses } from './cart-trigger';

const MiniCartDrawer = lazy(() => import('./mini-cart-drawer'));

function CartLink() {
  return (
    <Link to="/cart" className={triggerClasses}>
      <CartIcon />
      <span className="sr-only">Cart</span>
    </Link>
  );
}

/** The header's cart button with the item count; it opens a drawer with the lines and quick +/−. */
export function MiniCart() {
  const session = useSession('customer');
  if (!session) return <CartLink />;
  // Until the drawer's code arrives the same-sized link stands in (no layout shift).
  return (
    <Suspense fallback={<CartLink />}>
      <MiniCartDrawer />
    </Suspense>
  );
}
