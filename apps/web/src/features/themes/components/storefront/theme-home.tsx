import type { ReactNode } from 'react';
import { imageAt, imageSrcSet } from '../../../../lib/images';
import type { ThemeView } from './theme-config';

/**
 * What only a store's home page shows: the banner and promo image above its content and the testimonials below.
 * Apart from the shell, so inner pages (a product, a category) do not download it.
 */
export function ThemeHome({ theme, children }: { theme: ThemeView; children: ReactNode }) {
  return (
    <>
      <ThemeHero theme={theme} />
      {children}
      <ThemeTestimonials theme={theme} />
    </>
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
