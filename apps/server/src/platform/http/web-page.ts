import { formatNaira } from '@market/contracts';

/** What a shared link shows (Open Graph and Twitter cards) and the page's LCP image, known before any script runs. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  type: 'product' | 'website';
  /** A stored image (`/media/images/<id>-<width>.webp`) or any absolute image URL. */
  image?: string;
  /** The `sizes` of the page's main image: given, the image is preloaded with a high priority. */
  imageSizes?: string;
  /** What the main image shows, for screen readers of shared cards (a store's banner: its title). */
  imageAlt?: string;
  /** A store's logo (its theme's, else its profile's): a second share image after a themed banner. */
  logo?: string;
  /** A product's selling price in kobo: shared as naira (`product:price:*` and the Twitter card's label). */
  priceKobo?: number;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** The canonical link of a page without share tags of its own (home, search, listings, not-found). */
export function canonicalTags(url: string): string[] {
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ];
}

/** `12500.50` from 1250050 kobo, without floating point. */
const nairaText = (kobo: number) => `${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

/** Widths stored for every uploaded image; the web app's `lib/images.ts` builds the same `srcset`. */
const IMAGE_WIDTHS = [160, 400, 800, 1200];
const sized = /-(160|400|800|1200)\.webp$/;
const imageAt = (url: string, width: number) =>
  sized.test(url) ? url.replace(sized, `-${width}.webp`) : url;

/**
 * index.html with the page's own title, description, share tags and, for a product, a high-priority preload of the
 * image the gallery shows first (the same `srcset`/`sizes`, so the browser reuses it). Values are escaped.
 */
export function renderPage(template: string, meta: PageMeta, publicUrl: string): string {
  const absolute = (url: string) => (url.startsWith('http') ? url : `${publicUrl}${url}`);
  const title = `${meta.title} | Naija Market`;
  const description = meta.description.replace(/\s+/g, ' ').trim().slice(0, 200);
  const tags = [
    `<meta property="og:site_name" content="Naija Market" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (meta.priceKobo !== undefined) {
    tags.push(
      `<meta property="product:price:amount" content="${nairaText(meta.priceKobo)}" />`,
      `<meta property="product:price:currency" content="NGN" />`,
      `<meta name="twitter:label1" content="Price" />`,
      `<meta name="twitter:data1" content="${escapeHtml(formatNaira(meta.priceKobo))}" />`,
    );
  }
  if (meta.image) {
    const shared = escapeHtml(absolute(imageAt(meta.image, 1200)));
    tags.push(
      `<meta property="og:image" content="${shared}" />`,
      `<meta name="twitter:image" content="${shared}" />`,
    );
    if (meta.imageAlt) {
      const alt = escapeHtml(meta.imageAlt);
      tags.push(
        `<meta property="og:image:alt" content="${alt}" />`,
        `<meta name="twitter:image:alt" content="${alt}" />`,
      );
    }
    if (meta.logo && meta.logo !== meta.image) {
      tags.push(`<meta property="og:image" content="${escapeHtml(absolute(imageAt(meta.logo, 400)))}" />`);
    }
    if (meta.imageSizes && sized.test(meta.image)) {
      const srcset = IMAGE_WIDTHS.map((width) => `${imageAt(meta.image!, width)} ${width}w`).join(', ');
      tags.push(
        `<link rel="preload" as="image" href="${escapeHtml(imageAt(meta.image, 800))}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(meta.imageSizes)}" fetchpriority="high" />`,
      );
    }
  }
  // Replacer functions, never replacement strings: user text may hold `$&`, `$'` and the like (issue 24).
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
