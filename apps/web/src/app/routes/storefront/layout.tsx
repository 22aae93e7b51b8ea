import type { PublicStore } from '@market/contracts';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { StorefrontTheme } from '../../../components/layout/storefront-theme';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useMerchant } from '../../../features/stores/api/get-merchant';
import { STORE_MESSAGES } from '../../../features/stores/api/stores-keys';
import { StoreHeader, StoreHeaderSkeleton } from '../../../features/stores/components/store-header';
import { isApiError } from '../../../lib/errors';

/** `/storefront/:merchantUrl/*`: the store's header in its theme (the default one for now) above each page. */
export function Component() {
  const { merchantUrl = '' } = useParams();
  const store = useMerchant(merchantUrl);
  return (
    <StorefrontTheme>
      {store.isPending ? (
        <StoreHeaderSkeleton />
      ) : store.isError ? (
        isApiError(store.error) && store.error.status === 404 ? (
          <EmptyState title="This store is not open">
            <Link to="/merchants" className={buttonClasses('secondary', 'mt-2')}>
              Find other stores
            </Link>
          </EmptyState>
        ) : (
          <ErrorState title={STORE_MESSAGES.merchant} onRetry={() => store.refetch()} />
        )
      ) : (
        <>
          <StoreHeader store={store.data} />
          <Outlet context={store.data satisfies PublicStore} />
        </>
      )}
    </StorefrontTheme>
  );
}

export function useStorefrontStore(): PublicStore {
  return useOutletContext<PublicStore>();
}
