import type { Db } from '../../platform/db/client.js';
import { loadProductsForSale, saleApplies } from '../catalog/index.js';
import type { WishedProduct } from './wishlist.service.js';

// What the wishlist reads of the catalog (issue 36), through its index: a saved product's price, stock and whether
// it is on sale. The store's product names for the merchant's counts are the catalog's `storeProductNames`.

/** The saved products as the wishlist reads them at `at`: today's price, the sale that sets it, stock, on sale. */
export async function wishedProducts(executor: Db, ids: string[], at: Date): Promise<WishedProduct[]> {
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
}
