import type { ActiveTheme } from '@market/contracts';

/**
 * What Activate and Roll back do, said before they do it (issue 23: both went live without a question). Activate
 * publishes the theme's draft exactly as its editor and "Preview draft" show it, so the dialog names that draft;
 * after a rollback the draft can be newer than what the storefront shows, which is why it is said out loud.
 */
export function activateQuestion(themeName: string, active: ActiveTheme | undefined) {
  const replaces = active?.publishedVersion
    ? ` It replaces ${active.name} (version ${active.publishedVersion}) on your storefront at once.`
    : ' Your storefront shows it at once.';
  return {
    title: `Activate ${themeName}?`,
    description: `This publishes your current draft of ${themeName}, as "Preview draft" shows it, as a new version.${replaces} You can roll back afterwards.`,
    confirmLabel: `Activate and publish the draft`,
  };
}

export function rollbackQuestion(active: ActiveTheme) {
  return {
    title: 'Roll back your storefront?',
    description:
      `Your storefront goes back to the version published before version ${active.publishedVersion ?? ''}`.trim() +
      '. Your drafts stay as they are: publishing or activating later sends the draft live again, not this older version.',
    confirmLabel: 'Roll back',
  };
}
