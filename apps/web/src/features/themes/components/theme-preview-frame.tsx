import { THEME_COLOR_DEFAULTS, THEME_SOCIAL_DEFAULTS, themePageSlugs } from '@market/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useMerchantThemes } from '../api/merchant-themes';
import { useThemeEditor } from '../api/use-theme-editor';
import type { ThemeView } from './storefront/theme-config';
import { ThemeHome } from './storefront/theme-home';
import { ThemeShell } from './storefront/theme-shell';

const pageNames = { home: 'Home', category: 'Category', product: 'Product' } as const;

/**
 * The full-screen preview of one theme with the merchant's own products: the saved draft of an owned theme, or
 * the catalogue defaults of one the store does not own yet.
 */
export function ThemePreviewFrame({
  themeSlug,
  pageSlug,
  base,
  storeName,
  children,
}: {
  themeSlug: string;
  pageSlug: string;
  base: string;
  storeName: string;
  children: ReactNode;
}) {
  const themes = useMerchantThemes();
  const theme = themes.data?.themes.find((item) => item.slug === themeSlug);
  const draft = useThemeEditor(theme?.merchantThemeId ?? undefined, { resolving: themes.isFetching });
  const saved = draft.customization.data;

  const bar = (
    <nav
      aria-label="Preview"
      className="sticky top-0 z-30 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2"
    >
      <p className="mr-auto text-sm font-semibold text-slate-900">
        Preview: {theme?.name ?? themeSlug}
        {theme?.isOwned ? ' (draft)' : ''}
      </p>
      <ul className="flex gap-1">
        {themePageSlugs.map((slug) => (
          <li key={slug}>
            <Link
              to={`/themes/preview/${themeSlug}/${slug}`}
              aria-current={slug === pageSlug ? 'page' : undefined}
              className={buttonClasses(slug === pageSlug ? 'primary' : 'ghost', 'px-3')}
            >
              {pageNames[slug]}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={theme?.isOwned ? `${base}/edit/${themeSlug}` : base} className={buttonClasses('secondary')}>
        {theme?.isOwned ? 'Back to the editor' : 'Back to the themes'}
      </Link>
    </nav>
  );

  if (themes.isPending || (theme?.merchantThemeId && draft.customization.isPending)) {
    return (
      <>
        {bar}
        <LoadingState label="Loading the preview…" />
      </>
    );
  }
  if (themes.isError || draft.customization.isError) {
    return (
      <>
        {bar}
        <ErrorState title="Could not load the preview" onRetry={() => void themes.refetch()} />
      </>
    );
  }
  if (!theme) {
    return (
      <>
        {bar}
        <EmptyState title="There is no theme at this address" />
      </>
    );
  }
  const view: ThemeView = {
    design: theme.design,
    storeName,
    header: saved?.themeHeader ?? { logo: null, phoneNumber: '', email: '' },
    body: saved?.themeBody ?? {
      bannerMainText: `Welcome to ${storeName}`,
      bannerSubText: theme.description,
      bannerImage: null,
      promoImage: null,
    },
    colours: saved?.themeColor ?? THEME_COLOR_DEFAULTS,
    socials: saved?.themeSocialMedia ?? THEME_SOCIAL_DEFAULTS,
    testimonials: draft.testimonials.data ?? [],
  };
  return (
    <>
      {bar}
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <ThemeShell theme={view}>
          {pageSlug === 'home' ? <ThemeHome theme={view}>{children}</ThemeHome> : children}
        </ThemeShell>
      </main>
    </>
  );
}
