import type { PublicStore } from '@market/contracts';
import { RatingText } from '../../../components/ui/rating-text';
import { Skeleton } from '../../../components/ui/skeleton';
import { pluralize } from '../../../lib/plural';
import { FollowButton, useFollowersCount } from './follow-button';
import { StoreLogo } from './store-card';

const socialLabels: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  tiktok: 'TikTok',
  tumblr: 'Tumblr',
  twitter: 'X (Twitter)',
  vimeo: 'Vimeo',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

/** The storefront's header in the default theme: logo, name, followers, follow button and social links. */
export function StoreHeader({ store }: { store: PublicStore }) {
  const followers = useFollowersCount(store.id, store.followersCount);
  const socials = Object.entries(store.socials).filter(([, url]) => /^https:\/\//.test(url));
  const place = [store.city, store.state].filter(Boolean).join(', ');
  return (
    <header className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-4">
        <StoreLogo logo={store.logo} name={store.storeName} size={64} />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-bold text-[var(--sf-headings-links)]">
            {store.storeName}
          </h1>
          <p className="text-sm text-[var(--sf-body-text)]" data-testid="store-rating">
            {store.ratingCount > 0 ? (
              <>
                <RatingText average={store.ratingAverage} count={store.ratingCount} /> ·{' '}
              </>
            ) : null}
            {pluralize(followers, 'follower')} · {pluralize(store.productsCount, 'product')}
            {place ? ` · ${place}` : ''}
          </p>
        </div>
        <FollowButton storeId={store.id} storeName={store.storeName} className="w-full sm:w-auto" />
      </div>
      {socials.length > 0 ? (
        <ul aria-label={`${store.storeName} on social media`} className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
          {socials.map(([network, url]) => (
            <li key={network}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center text-sm font-medium text-[var(--sf-headings-links)] underline"
              >
                {socialLabels[network] ?? network}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

export function StoreHeaderSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading store…"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-center gap-4">
        <Skeleton className="h-16 w-16 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      {/* On phones the follow button wraps below: keep its row so the page does not shift when it arrives. */}
      <Skeleton className="mt-4 h-11 w-full sm:hidden" />
    </div>
  );
}
