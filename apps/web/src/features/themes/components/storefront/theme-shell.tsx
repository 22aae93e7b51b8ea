import type { ReactNode } from 'react';
import { imageAt, imageSrcSet } from '../../../../lib/images';
import { coloursStyle, socialHref, socialLabel, type ThemeView, themeSocialFields } from './theme-config';

/**
 * A storefront dressed in a theme. One light component for every theme: the markup is shared and the theme's
 * design (layout, typography, hero, product grid) arranges it through the storefront rules of `index.css`, so a
 * public page carries no per-theme code whatever the theme.
 */
export function ThemeShell({
  theme,
  actions,
  subline,
  hero = false,
  footer,
  children,
}: {
  theme: ThemeView;
  /** Beside the store's name (the follow button on the storefront). */
  actions?: ReactNode;
  /** Under the store's name (followers and products on the storefront). */
  subline?: ReactNode;
  /** The banner, promo image and testimonials: the store's home page shows them, inner pages do not. */
  hero?: boolean;
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
      {hero ? <ThemeHero theme={theme} /> : null}
      <div className="space-y-6">{children}</div>
      {hero ? <ThemeTestimonials theme={theme} /> : null}
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

function ThemeHero({ theme }: { theme: ThemeView }) {
  const { bannerMainText: title, bannerSubText: subtitle, bannerImage, promoImage } = theme.body;
  if (!title && !subtitle && !bannerImage && !promoImage) return null;
  return (
    <>
      <section className="sf-hero" aria-label={title || `${theme.storeName} banner`}>
        {bannerImage ? (
          <img
            src={imageAt(bannerImage, 800)}
            srcSet={imageSrcSet(bannerImage)}
            sizes="(min-width: 1024px) 1152px, 100vw"
            alt=""
            width={1200}
            height={600}
            fetchPriority="high"
            className="sf-banner"
          />
        ) : null}
        {title || subtitle ? (
          <div className="sf-hero-text">
            {title ? <h2 className="sf-title">{title}</h2> : null}
            {subtitle ? <p>{subtitle}</p> : null}
            <a href="#store-products-heading" className="sf-button">
              Shop now
            </a>
          </div>
        ) : null}
      </section>
      {promoImage ? (
        <img
          src={imageAt(promoImage, 800)}
          srcSet={imageSrcSet(promoImage)}
          sizes="(min-width: 1024px) 1152px, 100vw"
          alt={`${theme.storeName} promotion`}
          width={1200}
          height={300}
          loading="lazy"
          decoding="async"
          className="sf-promo"
        />
      ) : null}
    </>
  );
}

function ThemeTestimonials({ theme }: { theme: ThemeView }) {
  if (theme.testimonials.length === 0) return null;
  return (
    <section aria-labelledby="sf-testimonials-heading" className="sf-testimonials">
      <h2 id="sf-testimonials-heading">What customers say</h2>
      <ul>
        {theme.testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <p role="img" aria-label={`${testimonial.rating} out of 5`}>
              {'★'.repeat(testimonial.rating)}
              {'☆'.repeat(Math.max(0, 5 - testimonial.rating))}
            </p>
            <blockquote>
              <p>“{testimonial.message}”</p>
            </blockquote>
            <p className="sf-who">
              {testimonial.name}
              {testimonial.title ? `, ${testimonial.title}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
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
