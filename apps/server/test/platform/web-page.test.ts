import { describe, expect, it } from 'vitest';
import { renderPage } from '../../src/platform/http/web-page.js';

const template = `<!doctype html>
<html lang="en-NG">
  <head>
    <meta name="description" content="Naija Market: shop from Nigerian stores, paid in naira." />
    <title>Naija Market</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the served page of a product or store', () => {
  it('carries its title, description, share tags and a high-priority preload of the gallery image', () => {
    const html = renderPage(
      template,
      {
        title: 'Ankara "Gold" dress <new>',
        description: 'Hand-made   in Aba.',
        url: 'https://market.ng/products/1',
        type: 'product',
        image: '/media/images/abc-400.webp',
        imageSizes: '100vw',
      },
      'https://market.ng',
    );
    expect(html).toContain('<title>Ankara &quot;Gold&quot; dress &lt;new&gt; | Naija Market</title>');
    expect(html).toContain('<meta name="description" content="Hand-made in Aba." />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://market.ng/media/images/abc-1200.webp" />',
    );
    expect(html).toContain('<link rel="canonical" href="https://market.ng/products/1" />');
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/media\/images\/abc-800\.webp" imagesrcset="[^"]*abc-160\.webp 160w[^"]*abc-1200\.webp 1200w" imagesizes="100vw" fetchpriority="high" \/>/,
    );
    expect(html).not.toContain('<new>');
  });

  it('a store without a logo gets a summary card and no preload', () => {
    const html = renderPage(
      template,
      {
        title: 'Mama Put',
        description: 'Food',
        url: 'https://market.ng/storefront/mama-put',
        type: 'website',
      },
      'https://market.ng',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('rel="preload"');
  });

  it("a themed store shares its banner (large card, alt text, preloaded) and then its theme's logo", () => {
    const html = renderPage(
      template,
      {
        title: 'Adire House',
        description: 'Hand-dyed in Abeokuta',
        url: 'https://market.ng/storefront/adire-house',
        type: 'website',
        image: '/media/images/banner-800.webp',
        imageSizes: '100vw',
        imageAlt: 'New <indigo> wraps',
        logo: '/media/images/logo-160.webp',
      },
      'https://market.ng',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const images = [...html.matchAll(/<meta property="og:image" content="([^"]+)" \/>/g)].map(
      (match) => match[1],
    );
    expect(images).toEqual([
      'https://market.ng/media/images/banner-1200.webp',
      'https://market.ng/media/images/logo-400.webp',
    ]);
    expect(html).toContain(
      '<meta name="twitter:image" content="https://market.ng/media/images/banner-1200.webp" />',
    );
    expect(html).toContain('<meta property="og:image:alt" content="New &lt;indigo&gt; wraps" />');
    expect(html).toContain('imagesrcset="/media/images/banner-160.webp 160w');
  });
});
