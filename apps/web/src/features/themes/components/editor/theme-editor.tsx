import type { ThemeColor, ThemeSocialMedia } from '@market/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/states';
import { useActiveTheme, useMerchantThemes } from '../../api/merchant-themes';
import { useThemeEditor } from '../../api/use-theme-editor';
import type { ThemeView } from '../storefront/theme-config';
import { ThemeHome } from '../storefront/theme-home';
import { ThemeShell } from '../storefront/theme-shell';
import {
  BodySection,
  ColoursSection,
  HeaderSection,
  type LiveBody,
  type LiveHeader,
  SocialsSection,
} from './editor-sections';
import { PublishBar } from './publish-bar';
import { TestimonialsSection } from './testimonials-section';

/** Form state that follows the server: it starts from the saved value and is reset whenever that changes. */
function useSynced<T>(saved: T | undefined, blank: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(saved ?? blank);
  const signature = JSON.stringify(saved ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for `saved`
  useEffect(() => {
    if (saved !== undefined) setValue(saved);
  }, [signature]);
  return [value, setValue];
}

/** A picked file shown before it is saved; the object URL is released when it changes. */
function useFileUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * `/merchant/themes/edit/{themeSlug}`: header, banner, the 8 colours, socials and testimonials of one of the
 * store's themes, with a live preview beside the form that changes as the merchant types. Saves edit the draft;
 * the publishing bar sends it live.
 */
export function ThemeEditor({
  themeSlug,
  storeName,
  storeUrl,
  previewHref,
  catalogueHref,
  products,
}: {
  themeSlug: string;
  storeName: string;
  storeUrl: string | null;
  previewHref: string;
  catalogueHref: string;
  /** The store's own products, shown in the live preview (composed by the route). */
  products: ReactNode;
}) {
  const themes = useMerchantThemes();
  const active = useActiveTheme();
  const theme = themes.data?.themes.find((item) => item.slug === themeSlug);
  const editor = useThemeEditor(theme?.merchantThemeId ?? undefined, { resolving: themes.isFetching });
  const saved = editor.customization.data;

  const [header, setHeader] = useSynced<LiveHeader>(
    saved && { phoneNumber: saved.themeHeader.phoneNumber, email: saved.themeHeader.email, logo: null },
    { phoneNumber: '', email: '', logo: null },
  );
  const [body, setBody] = useSynced<LiveBody>(
    saved && {
      title: saved.themeBody.bannerMainText,
      subtitle: saved.themeBody.bannerSubText,
      bannerImage: null,
      promoImage: null,
    },
    { title: '', subtitle: '', bannerImage: null, promoImage: null },
  );
  const [colours, setColours] = useSynced<ThemeColor | undefined>(saved?.themeColor, undefined);
  const [socials, setSocials] = useSynced<ThemeSocialMedia | undefined>(saved?.themeSocialMedia, undefined);
  const [bodySaved, setBodySaved] = useState(false);
  const logoUrl = useFileUrl(header.logo);
  const bannerUrl = useFileUrl(body.bannerImage);
  const promoUrl = useFileUrl(body.promoImage);

  const title = theme ? `Edit ${theme.name}` : 'Edit theme';
  const pageHeader = (
    <PageHeader
      title={title}
      description="Changes are saved to a draft: your storefront changes when you publish."
      actions={
        <Link to={catalogueHref} className={buttonClasses('secondary')}>
          All themes
        </Link>
      }
    />
  );

  if (themes.isPending) return <LoadingState label="Loading your themes…" />;
  if (themes.isError)
    return <ErrorState title="Could not load your themes" onRetry={() => themes.refetch()} />;
  if (!theme) {
    return (
      <>
        {pageHeader}
        <EmptyState title="There is no theme at this address">
          <Link to={catalogueHref} className="underline">
            Choose a theme
          </Link>
        </EmptyState>
      </>
    );
  }
  if (!theme.isOwned || !theme.merchantThemeId) {
    return (
      <>
        {pageHeader}
        <EmptyState title={`${theme.name} is not in your store yet`}>
          <Link to={catalogueHref} className="underline">
            Get it free from the theme catalogue
          </Link>
        </EmptyState>
      </>
    );
  }
  if (editor.customization.isError) {
    return (
      <>
        {pageHeader}
        <ErrorState
          title="Could not load this theme's settings"
          onRetry={() => editor.customization.refetch()}
        />
      </>
    );
  }

  const view: ThemeView | undefined =
    saved && colours && socials
      ? {
          design: theme.design,
          storeName,
          header: {
            phoneNumber: header.phoneNumber,
            email: header.email,
            logo: logoUrl ?? saved.themeHeader.logo,
          },
          body: {
            bannerMainText: body.title,
            bannerSubText: body.subtitle,
            bannerImage: bannerUrl ?? saved.themeBody.bannerImage,
            promoImage: promoUrl ?? saved.themeBody.promoImage,
          },
          colours,
          socials,
          testimonials: editor.testimonials.data ?? [],
        }
      : undefined;

  return (
    <div aria-busy={editor.loading || undefined}>
      {pageHeader}
      <p role="status" className="sr-only">
        {editor.loading ? 'Loading…' : ''}
      </p>
      {editor.loading ? (
        <div className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
          <Spinner size="sm" /> Working…
        </div>
      ) : null}
      <div className="mb-6">
        <PublishBar theme={theme} active={active.data} storeUrl={storeUrl} previewHref={previewHref} />
      </div>
      {!view ? (
        <LoadingState label="Loading the theme's settings…" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          <div className="space-y-6">
            <HeaderSection
              value={header}
              onChange={setHeader}
              saving={editor.saveHeader.isPending}
              onSave={() => editor.saveHeader.mutate(header)}
            />
            <BodySection
              value={body}
              onChange={(next) => {
                setBodySaved(false);
                setBody(next);
              }}
              saving={editor.saveBody.isPending}
              saved={bodySaved}
              onSave={() => editor.saveBody.mutate(body, { onSuccess: () => setBodySaved(true) })}
            />
            <ColoursSection
              value={colours!}
              onChange={setColours}
              saving={editor.saveColor.isPending}
              onSave={() => editor.saveColor.mutate(colours!)}
            />
            <SocialsSection
              value={socials!}
              onChange={setSocials}
              saving={editor.saveSocial.isPending}
              onSave={() => editor.saveSocial.mutate(socials!)}
            />
            <TestimonialsSection
              testimonials={editor.testimonials.data}
              isError={editor.testimonials.isError}
              onRetry={() => editor.testimonials.refetch()}
              adding={editor.addTestimonial.isPending}
              deletingId={editor.deleteTestimonial.isPending ? editor.deleteTestimonial.variables : undefined}
              onAdd={(draft, done) => editor.addTestimonial.mutate(draft, { onSuccess: done })}
              onDelete={(id) => editor.deleteTestimonial.mutate(id)}
            />
          </div>
          <section aria-labelledby="live-preview-heading" className="min-w-0">
            <div className="lg:sticky lg:top-4">
              <h2 id="live-preview-heading" className="mb-2 font-semibold text-slate-900">
                Live preview
              </h2>
              <div className="max-h-[80vh] overflow-auto rounded-lg border-4 border-slate-200 bg-slate-50 p-3">
                <ThemeShell theme={view}>
                  <ThemeHome theme={view}>{products}</ThemeHome>
                </ThemeShell>
              </div>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
