import type { CustomerProduct } from '@market/contracts';
import { nairaToKobo, percentOff } from '../../../lib/money';

export type Variant = CustomerProduct['variant'][number];

/**
 * A variant property's name as a Nigerian shopper writes it: the contract's field is `color`, and stores often type
 * "Color", but the page says "colour" (issue 34 item 21). Other names are shown as the store wrote them.
 */
export function propertyName(type: string): string {
  return /^colou?r$/i.test(type.trim()) ? 'colour' : type.trim().toLowerCase();
}

/** What a shopper sees of a variant: its options, e.g. "M / Red". */
export function variantLabel(variant: Variant): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ') || variant.sku;
}

/**
 * What the customer pays for a product, or for one of its variants (the variant's discount is naira off), the
 * regular price, and the whole percent off computed from those two, so the "% off" label follows the variant.
 */
export function priceOf(product: CustomerProduct, variant?: Variant) {
  const pricing = product.pricing[0];
  const productKobo = pricing ? nairaToKobo(pricing.sellingPrice) : 0;
  const regularKobo = pricing ? nairaToKobo(pricing.price) : 0;
  const discountKobo = variant ? nairaToKobo(variant.discount) : 0;
  const sellingKobo = Math.max(0, productKobo - discountKobo);
  return { sellingKobo, regularKobo, percentOff: percentOff(sellingKobo, regularKobo) };
}

/** Stock and SKU shown: the variant's own once one is chosen. */
export function stockOf(product: CustomerProduct, variant?: Variant) {
  const quantity = variant ? variant.quantity : product.quantity;
  return {
    quantity,
    inStock: variant ? variant.quantity > 0 : product.inStock,
    sku: variant?.sku ?? product.sku,
  };
}

/** The variant chosen when the page opens: the first one in stock. */
export function initialVariant(product: CustomerProduct): Variant | undefined {
  return product.variant.find((variant) => variant.quantity > 0);
}
