import { nairaToKobo } from '@market/contracts';
import type { createCatalogModule } from '../modules/catalog/index.js';
import type { ThemesService } from '../modules/themes/index.js';
import type { Config } from '../platform/config.js';
import type { PageMeta } from '../platform/http/web-page.js';

const PRODUCT_PAGE = /^\/(?:storefront\/[^/]+\/)?products\/([0-9a-f-]{36})\/?$/i;
const STORE_PAGE = /^\/storefront\/([^/]+)(?:\/|$)/;
/** The gallery's `sizes` (apps/web/src/features/catalog/components/product-gallery.tsx). */
const GALLERY_SIZES = '(min-width: 1024px) 560px, (min-width: 640px) 50vw, 100vw';

/** The storefront's banner (`ThemeHero` in apps/web/src/features/themes/components/storefront/theme-shell.tsx). */
const BANNER_SIZES = '(min-width: 1024px) 1152px, 100vw';
const STORE_HOME = /^\/storefront\/[^/]+\/?$/;

/**
 * Share tags and the LCP image of product and store pages; undefined for other pages or what is not public. A
 * store page shares its published theme: the banner (preloaded on the store's home page, where it is the largest
 * image) with its title and subtitle, then the theme's logo.
 */
export function pageMetaOf(
  settings: Config,
  catalog: ReturnType<typeof createCatalogModule>['service'],
  themes: Pick<ThemesService, 'storefront'>,
) {
  return async (pathname: string): Promise<PageMeta | undefined> => {
    const url = `${settings.publicUrl}${pathname}`;
    // The home page is the link most often shared: a card with the marketplace's own words.
    if (pathname === '/') {
      return {
        title: 'Shop from stores across Nigeria',
        description:
          'Pay in naira, follow your favourite stores and get your orders delivered to your door. Naija Market: shop from Nigerian stores.',
        url: `${settings.publicUrl}/`,
        type: 'website',
      };
    }
    try {
      const product = PRODUCT_PAGE.exec(pathname);
      if (product) {
        const found = await catalog.storefront.one(product[1]!);
        const price = found.pricing[0]?.sellingPrice;
        return {
          title: found.name,
          description: found.description.join(' ') || `${found.name} on Naija Market`,
          url,
          type: 'product',
          image: found.hostedImages[0],
          imageSizes: GALLERY_SIZES,
          priceKobo: price === undefined ? undefined : nairaToKobo(price),
        };
      }
      const store = STORE_PAGE.exec(pathname);
      if (store) {
        const storeUrl = decodeURIComponent(store[1]!);
        const found = await catalog.stores.publicStore(storeUrl);
        // The themes service may be down or the store unpublished: the profile's logo still makes a card.
        const theme = await themes.storefront(storeUrl).catch(() => undefined);
        const banner = theme?.body.bannerImage ?? undefined;
        const logo = theme?.header.logo ?? found.logo ?? undefined;
        const headline = [theme?.body.bannerMainText, theme?.body.bannerSubText].filter(Boolean).join(': ');
        return {
          title: found.storeName,
          description:
            headline ||
            `Shop ${found.storeName}${found.state ? ` in ${found.state}` : ''} on Naija Market, paid in naira.`,
          url,
          type: 'website',
          image: banner ?? logo,
          imageSizes: banner && STORE_HOME.test(pathname) ? BANNER_SIZES : undefined,
          imageAlt: banner ? theme?.body.bannerMainText || `${found.storeName} banner` : undefined,
          logo: banner ? logo : undefined,
        };
      }
    } catch {
      // Not found or not public: the page itself says so; the HTML stays the generic one.
    }
    return undefined;
  };
}
