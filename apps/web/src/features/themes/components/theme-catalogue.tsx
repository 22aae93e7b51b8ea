import type { MerchantThemeItem } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { surfaceBaseUrls } from '../../../lib/config';
import { formatDateTime } from '../../../lib/dates';
import { pluralize } from '../../../lib/plural';
import {
  useActivateTheme,
  useActiveTheme,
  useMerchantThemes,
  usePublishTheme,
  usePurchaseTheme,
  useRollbackTheme,
} from '../api/merchant-themes';
import { activateQuestion, rollbackQuestion } from './theme-confirmations';

/** The design in plain British English (issue 34 item 21): "centred banner", "4 products a row", not the codes. */
const layoutWords: Record<MerchantThemeItem['design']['layout'], string> = {
  classic: 'classic layout',
  editorial: 'magazine layout',
  market: 'market-stall layout',
};
const typeWords: Record<MerchantThemeItem['design']['typography'], string> = {
  sans: 'plain lettering',
  serif: 'book lettering',
  display: 'bold headline lettering',
};
const heroWords: Record<MerchantThemeItem['design']['hero'], string> = {
  split: 'picture beside the banner text',
  'full-bleed': 'edge-to-edge banner picture',
  centered: 'centred banner',
};
const gridWords: Record<MerchantThemeItem['design']['productGrid'], string> = {
  'grid-4': '4 products a row',
  'grid-3': '3 products a row',
  list: 'products in a list',
};

export const designWords = (theme: Pick<MerchantThemeItem, 'design'>) =>
  [
    layoutWords[theme.design.layout],
    typeWords[theme.design.typography],
    heroWords[theme.design.hero],
    gridWords[theme.design.productGrid],
  ].join(' · ');

/** The preview SVG path is relative to the site; the themes service may live under another base. */
function previewSrc(path: string): string {
  return path.startsWith('/themes-api') ? path.replace('/themes-api', surfaceBaseUrls.themes) : path;
}

/**
 * `/merchant/themes` (and `/themes`): the catalogue with the themes the store owns and the active one; get a theme
 * (free), activate it, customise or preview it, and publish or roll back the active theme's draft.
 */
export function ThemeCatalogue({ base }: { base: '/merchant/themes' | '/themes' }) {
  const themes = useMerchantThemes();
  const active = useActiveTheme();
  const activate = useActivateTheme();
  const publish = usePublishTheme();
  const rollback = useRollbackTheme();
  const owned = themes.data?.themes.filter((theme) => theme.isOwned).length ?? 0;
  const [toActivate, setToActivate] = useState<MerchantThemeItem | null>(null);
  const [confirmRollback, setConfirmRollback] = useState(false);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Themes"
        description="How your storefront looks. Get a theme free, customise its draft, then publish it."
      />
      {active.data ? (
        <section
          aria-label="Your storefront's theme"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">Live on your storefront: {active.data.name}</p>
            <p className="text-sm text-slate-700">
              {active.data.publishedAt
                ? `Version ${active.data.publishedVersion}, published ${formatDateTime(active.data.publishedAt)}`
                : 'Not published yet: your storefront shows the default look.'}
              {active.data.hasUnpublishedChanges ? ' · The draft has unpublished changes.' : ''}
            </p>
          </div>
          <Button
            loading={publish.isPending}
            disabled={!active.data.hasUnpublishedChanges}
            onClick={() => publish.mutate()}
          >
            Publish draft
          </Button>
          <Button
            variant="secondary"
            loading={rollback.isPending}
            disabled={!active.data.canRollback}
            onClick={() => setConfirmRollback(true)}
          >
            Roll back
          </Button>
          <ConfirmDialog
            open={confirmRollback}
            tone="primary"
            {...rollbackQuestion(active.data)}
            busy={rollback.isPending}
            onCancel={() => setConfirmRollback(false)}
            onConfirm={() => rollback.mutate(undefined, { onSettled: () => setConfirmRollback(false) })}
          />
        </section>
      ) : null}
      {toActivate ? (
        <ConfirmDialog
          open
          tone="primary"
          {...activateQuestion(toActivate.name, active.data)}
          busy={activate.isPending}
          onCancel={() => setToActivate(null)}
          onConfirm={() => activate.mutate(toActivate.id, { onSettled: () => setToActivate(null) })}
        />
      ) : null}
      {themes.isPending ? (
        <div role="status" aria-label="Loading themes…" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-72" />
          ))}
        </div>
      ) : themes.isError ? (
        <ErrorState title="Could not load the themes" onRetry={() => themes.refetch()} />
      ) : themes.data.themes.length === 0 ? (
        <EmptyState title="No themes are available yet" />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {pluralize(themes.data.themes.length, 'theme')} · {owned} in your store
          </p>
          <ul aria-label="Theme catalogue" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {themes.data.themes.map((theme) => (
              <li key={theme.id}>
                <ThemeCard
                  theme={theme}
                  base={base}
                  activating={activate.isPending && activate.variables === theme.id}
                  onActivate={() => setToActivate(theme)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ThemeCard({
  theme,
  base,
  activating,
  onActivate,
}: {
  theme: MerchantThemeItem;
  base: string;
  activating: boolean;
  onActivate(): void;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <img
        src={previewSrc(theme.previewImage)}
        alt=""
        width={480}
        height={300}
        loading="lazy"
        className="aspect-[8/5] w-full border-b border-slate-200 bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{theme.name}</h2>
          {theme.isActive ? <Badge tone="green">Active</Badge> : null}
          {theme.isOwned && !theme.isActive ? <Badge>In your store</Badge> : null}
          {theme.isDefault ? <Badge>Default</Badge> : null}
        </div>
        <p className="text-sm text-slate-700">{theme.description}</p>
        <p className="text-xs text-slate-600">{designWords(theme)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {theme.isOwned ? (
            <>
              <Link to={`${base}/edit/${theme.slug}`} className={buttonClasses('primary')}>
                Customise<span className="sr-only"> {theme.name}</span>
              </Link>
              {!theme.isActive ? (
                <Button variant="secondary" loading={activating} onClick={onActivate}>
                  Activate<span className="sr-only"> {theme.name}</span>
                </Button>
              ) : null}
            </>
          ) : (
            <PurchaseButton theme={theme} />
          )}
          <Link to={`${base}/preview/${theme.slug}`} className={buttonClasses('ghost')}>
            Preview<span className="sr-only"> {theme.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

function PurchaseButton({ theme }: { theme: MerchantThemeItem }) {
  const purchase = usePurchaseTheme();
  return (
    <Button loading={purchase.isPending} onClick={() => purchase.mutate(theme.id)}>
      Get free<span className="sr-only"> {theme.name}</span>
    </Button>
  );
}
