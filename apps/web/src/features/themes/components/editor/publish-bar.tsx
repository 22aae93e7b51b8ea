import type { ActiveTheme, MerchantThemeItem } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../../lib/dates';
import {
  useActivateTheme,
  useCreatePreviewLink,
  usePublishTheme,
  useRollbackTheme,
} from '../../api/merchant-themes';
import { activateQuestion, rollbackQuestion } from '../theme-confirmations';

/**
 * Beyond the specification: the draft's state and its one-click actions. Publish sends the draft live, Roll back
 * shows the previously published version again, a preview link lets anyone see the draft on the real storefront.
 */
export function PublishBar({
  theme,
  active,
  storeUrl,
  previewHref,
}: {
  theme: MerchantThemeItem;
  active: ActiveTheme | undefined;
  storeUrl: string | null;
  previewHref: string;
}) {
  const publish = usePublishTheme();
  const rollback = useRollbackTheme();
  const activate = useActivateTheme();
  const previewLink = useCreatePreviewLink();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<'activate' | 'rollback' | null>(null);
  const isActive = active?.id === theme.id;
  const link = previewLink.data?.data;
  const shareUrl = link
    ? `${window.location.origin}/storefront/${link.storeUrl}?preview=${link.token}`
    : null;

  return (
    <section aria-label="Publishing" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        {isActive ? <Badge tone="green">Active on your storefront</Badge> : <Badge>Not active</Badge>}
        {isActive && active ? (
          active.hasUnpublishedChanges ? (
            <Badge tone="amber">Draft has unpublished changes</Badge>
          ) : (
            <Badge>Draft matches the storefront</Badge>
          )
        ) : null}
        {isActive && active?.publishedAt ? (
          <span className="text-sm text-slate-700">
            Version {active.publishedVersion} published {formatDateTime(active.publishedAt)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={previewHref} className={buttonClasses('secondary')}>
          Preview draft
        </Link>
        {theme.merchantThemeId ? (
          <Button
            variant="secondary"
            loading={previewLink.isPending}
            onClick={() => {
              setCopied(false);
              previewLink.mutate(theme.merchantThemeId!);
            }}
          >
            Share preview link
          </Button>
        ) : null}
        {isActive ? (
          <>
            <Button
              loading={publish.isPending}
              disabled={!active?.hasUnpublishedChanges}
              onClick={() => publish.mutate()}
            >
              Publish
            </Button>
            <Button
              variant="secondary"
              loading={rollback.isPending}
              disabled={!active?.canRollback}
              onClick={() => setConfirming('rollback')}
            >
              Roll back
            </Button>
          </>
        ) : (
          <Button loading={activate.isPending} onClick={() => setConfirming('activate')}>
            Activate and publish
          </Button>
        )}
      </div>
      {confirming === 'rollback' && active ? (
        <ConfirmDialog
          open
          tone="primary"
          {...rollbackQuestion(active)}
          busy={rollback.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => rollback.mutate(undefined, { onSettled: () => setConfirming(null) })}
        />
      ) : null}
      {confirming === 'activate' ? (
        <ConfirmDialog
          open
          tone="primary"
          {...activateQuestion(theme.name, active)}
          busy={activate.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => activate.mutate(theme.id, { onSettled: () => setConfirming(null) })}
        />
      ) : null}
      {shareUrl && link ? (
        <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm">
          <label htmlFor="theme-preview-link" className="block font-medium text-slate-900">
            Preview link (anyone with it sees this draft until {formatDateTime(link.expiresAt)})
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="theme-preview-link"
              readOnly
              value={shareUrl}
              onFocus={(event) => event.target.select()}
              className="block min-h-11 min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 font-mono text-sm"
            />
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(shareUrl)
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false))
              }
            >
              Copy
            </Button>
            <a href={shareUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost')}>
              Open<span className="sr-only"> the preview link in a new tab</span>
            </a>
          </div>
          <p role="status" className="text-green-900">
            {copied ? 'Link copied' : ''}
          </p>
        </div>
      ) : null}
      {!storeUrl ? (
        <p className="text-sm text-slate-700">
          Your store has no web address yet: finish onboarding to publish.
        </p>
      ) : null}
    </section>
  );
}
