import { loadProductsForSale, saleApplies, storeProductNames } from '../modules/catalog/index.js';
import type { WishlistNeeds } from '../modules/wishlist/index.js';

// What the wishlist reads of the catalog (issue 36): a saved product's price, stock and whether it is on sale, and
// the store's product names for the merchant's counts.

export function wishlistNeeds(now: () => Date): WishlistNeeds {
  return {
    async products(executor, ids) {
      const at = now();
      return (await loadProductsForSale(executor, ids, at)).map((product) => ({
        id: product.id,
        name: product.name,
        storeId: product.storeId,
        storeName: product.storeName,
        image: product.hostedImages[0] ?? null,
        sellingPriceKobo: product.sellingPriceKobo,
        // The sale this price belongs to, when a dated sale runs now: its drop is told once per sale (ADR 095).
        saleStartedOn:
          product.saleStartDate !== null &&
          product.sellingPriceKobo < product.priceKobo &&
          saleApplies(product, at)
            ? product.saleStartDate
            : null,
        quantity: product.quantity,
        contSalesOutOfStock: product.contSalesOutOfStock,
        variants: product.variants.map((variant) => ({
          id: variant.id,
          quantity: variant.quantity,
          discountKobo: variant.discountKobo,
        })),
        onSale: product.approvalStatus === 'approved' && product.storeVisible,
      }));
    },
    storeProductNames,
  };
}
