import type { PublicStore } from '@market/contracts';
import { Link, Outlet, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { NoIndex } from '../../../components/ui/no-index';
import { RatingText } from '../../../components/ui/rating-text';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useMerchant } from '../../../features/stores/api/get-merchant';
import { STORE_MESSAGES } from '../../../features/stores/api/stores-keys';
import { FollowButton, FollowersCount } from '../../../features/stores/components/follow-button';
import { StoreHeaderSkeleton } from '../../../features/stores/components/store-header';
import { usePreviewTheme, useStorefrontTheme } from '../../../features/themes/api/get-storefront-theme';
import {
  defaultThemeView,
  type ThemeView,
  themeViewOf,
} from '../../../features/themes/components/storefront/theme-config';
import { ThemeShell } from '../../../features/themes/components/storefront/theme-shell';
import { isApiError } from '../../../lib/errors';
import { pluralize } from '../../../lib/plural';
import { useNotFoundStatus } from '../../../lib/ssr';
import type { StorefrontContext } from './storefront-context';

/**
 * `/storefront/:merchantUrl/*`: each page inside the store's published theme (header, banner, colours, socials,
 * testimonials). `?preview=<token>` shows a draft shared by the merchant instead, with a notice.
 */
export function Component() {
  const { merchantUrl = '' } = useParams();
  const [search] = useSearchParams();
  const previewToken = search.get('preview');
  const store = useMerchant(merchantUrl);
  const published = useStorefrontTheme(merchantUrl);
  const preview = usePreviewTheme(previewToken);
  const themeAnswer = previewToken && !preview.isError ? preview : published;
  useNotFoundStatus(store.isError && isApiError(store.error) && store.error.status === 404);

  if (store.isPending || themeAnswer.isPending) return <StoreHeaderSkeleton />;
  if (store.isError) {
    return isApiError(store.error) && store.error.status === 404 ? (
      <EmptyState title="This store is not open">
        <Link to="/merchants" className={buttonClasses('secondary', 'mt-2')}>
          Find other stores
        </Link>
      </EmptyState>
    ) : (
      <ErrorState title={STORE_MESSAGES.merchant} onRetry={() => store.refetch()} />
    );
  }
  // The themes service down or the store never published: the default theme, never a broken storefront.
  const view: ThemeView = themeAnswer.data ? themeViewOf(themeAnswer.data) : defaultThemeView(store.data);
  return (
    <>
      {previewToken ? <NoIndex /> : null}
      {previewToken ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          {preview.data
            ? 'A preview of an unpublished draft, shared by the store.'
            : 'This preview link has expired: this is the store as customers see it.'}
        </p>
      ) : null}
      <ThemeShell
        theme={view}
        subline={<StoreSubline store={store.data} />}
        actions={
          <FollowButton
            storeId={store.data.id}
            storeName={store.data.storeName}
            className="w-full sm:w-auto"
          />
        }
      >
        <Outlet context={{ store: store.data, theme: view } satisfies StorefrontContext} />
      </ThemeShell>
    </>
  );
}

function StoreSubline({ store }: { store: PublicStore }) {
  const place = [store.city, store.state].filter(Boolean).join(', ');
  return (
    <span data-testid="store-rating">
      {store.ratingCount > 0 ? (
        <>
          <Link to={`/storefront/${store.storeUrl}/reviews`} className="underline">
            <RatingText average={store.ratingAverage} count={store.ratingCount} />
          </Link>{' '}
          ·{' '}
        </>
      ) : null}
      <FollowersCount storeId={store.id} fallback={store.followersCount} /> ·{' '}
      {pluralize(store.productsCount, 'product')}
      {place ? ` · ${place}` : ''}
    </span>
  );
}
