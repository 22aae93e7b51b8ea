import { type CartLine, type CartState, koboToNaira } from '@market/contracts';
import { type CheckoutPricing, type PricedLine, UNLIMITED } from './cart-pricing.js';

// The cart as the contract shows it, from a priced cart (ADR 091, 105).

export function toCartLine(line: PricedLine): CartLine {
  return {
    id: line.cartItemId,
    productId: line.product.id,
    variantId: line.variant?.id ?? null,
    quantity: line.quantity,
    name: line.product.name,
    storeId: line.product.storeId,
    storeName: line.product.storeName,
    storeUrl: line.product.storeUrl,
    hostedImages: line.product.hostedImages,
    pricing: [
      {
        sellingPrice: koboToNaira(line.product.sellingPriceKobo),
        price: koboToNaira(line.product.priceKobo),
      },
    ],
    productVariant: line.variant
      ? { id: line.variant.id, sku: line.variant.sku, size: line.variant.size, color: line.variant.color }
      : null,
    unitPrice: koboToNaira(line.unitPriceKobo),
    lineTotal: koboToNaira(line.unitPriceKobo * line.quantity),
    availableQuantity: line.availableQuantity === UNLIMITED ? 999 : line.availableQuantity,
    problem: line.problem,
  };
}

export function toCartState(pricing: CheckoutPricing): CartState {
  const totalKobo = pricing.lines.reduce((total, line) => total + line.unitPriceKobo * line.quantity, 0);
  return {
    cartItemsData: pricing.lines.map(toCartLine),
    itemCount: pricing.lines.reduce((total, line) => total + line.quantity, 0),
    total: koboToNaira(totalKobo),
    discount: koboToNaira(pricing.discountKobo),
    shippingFees: pricing.stores.map((store) => ({
      storeId: store.storeId,
      storeName: store.storeName,
      fee: koboToNaira(store.shippingKobo),
      weightKg: store.quote.chargeableWeightKg,
      withinLagos: store.quote.withinLagos,
      lagosMerchant: store.quote.lagosMerchant,
      lagosCustomer: store.quote.lagosCustomer,
      vehicle: store.quote.vehicle,
    })),
    shippingFeeTotal: koboToNaira(pricing.shippingKobo),
    weight: pricing.stores.reduce((total, store) => total + store.quote.chargeableWeightKg, 0),
    appliedDiscountCodes: pricing.stores.flatMap((store) =>
      store.coupon
        ? [
            {
              code: store.coupon.code,
              storeId: store.storeId,
              amount: koboToNaira(store.discountKobo),
              description: store.coupon.description ?? null,
            },
          ]
        : [],
    ),
    rejectedDiscountCodes: pricing.rejectedCodes,
    discountNotes: pricing.stores.flatMap((store) =>
      store.couponNote
        ? [{ storeId: store.storeId, storeName: store.storeName, message: store.couponNote }]
        : [],
    ),
    appliedGiftCards: pricing.giftCards.map((card) => ({
      id: card.id,
      last4: card.last4,
      balance: koboToNaira(card.balanceKobo),
      covers: koboToNaira(card.coversKobo),
    })),
    giftCardTotal: koboToNaira(pricing.giftCardKobo),
    amountDue: koboToNaira(pricing.amountDueKobo),
    selectedShippingAddress: pricing.address,
    merchantAddresses: pricing.stores.map((store) => ({
      storeId: store.storeId,
      storeName: store.storeName,
      state: store.lines[0]?.product.storeLocation?.state ?? null,
      city: store.lines[0]?.product.storeLocation?.city ?? null,
    })),
    canCheckout: pricing.problems.length === 0,
    checkoutProblems: pricing.problems,
    aboveOrderLimit: pricing.aboveOrderLimit,
  };
}
