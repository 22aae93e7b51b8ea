import type { ReactNode } from 'react';
import { imageAt } from '../../../../lib/images';
import { coloursStyle, socialHref, socialLabel, type ThemeView, themeSocialFields } from './theme-config';

/**
 * A storefront dressed in a theme. One light component for every theme: the markup is shared and the theme's
 * design (layout, typography, hero, product grid) arranges it through the storefront rules of `index.css`, so a
 * public page carries no per-theme code whatever the theme. The home page adds `ThemeHome` (banner, testimonials).
 */
export function ThemeShell({
  theme,
  actions,
  subline,
  footer,
  children,
}: {
  theme: ThemeView;
  /** Beside the store's name (the follow button on the storefront). */
  actions?: ReactNode;
  /** Under the store's name (followers and products on the storefront). */
  subline?: ReactNode;
  /** Extra footer content (policies). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      className="storefront"
      data-layout={theme.design.layout}
      data-type={theme.design.typography}
      data-hero={theme.design.hero}
      data-grid={theme.design.productGrid}
      style={coloursStyle(theme.colours)}
    >
      <ThemeHeader theme={theme} actions={actions} subline={subline} />
      <div className="space-y-6">{children}</div>
      <ThemeFooter theme={theme}>{footer}</ThemeFooter>
    </div>
  );
}

function ThemeHeader({
  theme,
  actions,
  subline,
}: {
  theme: ThemeView;
  actions?: ReactNode;
  subline?: ReactNode;
}) {
  const { logo, phoneNumber, email } = theme.header;
  return (
    <header className="sf-header">
      {phoneNumber || email ? (
        <p className="sf-contact">
          {phoneNumber ? <a href={`tel:${phoneNumber.replace(/\s/g, '')}`}>{phoneNumber}</a> : null}
          {email ? <a href={`mailto:${email}`}>{email}</a> : null}
        </p>
      ) : null}
      <div className="sf-brand">
        {logo ? (
          <img src={imageAt(logo, 160)} alt="" width={64} height={64} className="sf-logo" />
        ) : (
          <span aria-hidden="true" className="sf-logo">
            {theme.storeName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="sf-name">{theme.storeName}</h1>
          {subline ? <p className="text-sm">{subline}</p> : null}
        </div>
        {actions ? <div className="sf-actions">{actions}</div> : null}
      </div>
    </header>
  );
}

function ThemeFooter({ theme, children }: { theme: ThemeView; children?: ReactNode }) {
  const links = themeSocialFields.flatMap((network) => {
    const href = socialHref(network, theme.socials[network] ?? '');
    return href ? [{ network, href }] : [];
  });
  if (links.length === 0 && !children) return null;
  return (
    <footer className="sf-footer">
      {links.length > 0 ? (
        <ul aria-label={`${theme.storeName} on social media`}>
          {links.map(({ network, href }) => (
            <li key={network}>
              <a href={href} target="_blank" rel="noopener noreferrer">
                {socialLabel(network)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </footer>
  );
}
