import { loadProductsForSale, storeProductNames } from '../modules/catalog/index.js';
import type { WishlistNeeds } from '../modules/wishlist/index.js';

// What the wishlist reads of the catalog (issue 36): a saved product's price, stock and whether it is on sale, and
// the store's product names for the merchant's counts.

export function wishlistNeeds(): WishlistNeeds {
  return {
    async products(executor, ids) {
      return (await loadProductsForSale(executor, ids)).map((product) => ({
        id: product.id,
        name: product.name,
        storeId: product.storeId,
        storeName: product.storeName,
        image: product.hostedImages[0] ?? null,
        sellingPriceKobo: product.sellingPriceKobo,
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
