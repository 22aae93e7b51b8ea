import { type StockStatus, SUPER_DISCOUNT_MIN_PERCENT } from '@market/contracts';

// Pure catalog rules: no database, no HTTP, so unit tests pin them down and the SQL in the repository mirrors them.

/** Discounts are stored as basis points of the regular price (generated column `discount_basis_points`). */
export const SUPER_DISCOUNT_MIN_BASIS_POINTS = SUPER_DISCOUNT_MIN_PERCENT * 100;

/** Same formula as the generated column: the part of the regular price above the selling price, in basis points. */
export function discountBasisPoints(sellingPriceKobo: number, priceKobo: number): number {
  if (priceKobo <= 0 || priceKobo <= sellingPriceKobo) return 0;
  return Math.trunc(((priceKobo - sellingPriceKobo) * 10_000) / priceKobo);
}

/** Nigeria keeps West Africa Time all year (UTC+1, no daylight saving). */
const LAGOS_OFFSET_MS = 3_600_000;

/** The Lagos calendar day of a moment, as YYYY-MM-DD. */
export function lagosDay(moment: Date): string {
  return new Date(moment.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

export interface SaleWindow {
  /** First Lagos day of the sale (included), or null for "already on". */
  saleStartDate: string | null;
  /** Last Lagos day of the sale (included), or null for "until changed". */
  saleEndDate: string | null;
}

/** True while the sale runs: from 00:00 of its first Lagos day to 24:00 of its last. */
export function saleApplies(window: SaleWindow, now: Date): boolean {
  const today = lagosDay(now);
  return (
    (window.saleStartDate === null || window.saleStartDate <= today) &&
    (window.saleEndDate === null || today <= window.saleEndDate)
  );
}

/**
 * What a customer pays for the product now, before any variant's discount: the sale price within the sale's days,
 * the regular price outside them. Every reader of a price a customer sees or pays goes through this one rule: the
 * listing and the product page (catalog.mappers.ts) and the cart, checkout and coupons (stock.ts's
 * loadProductsForSale).
 */
export function customerPriceKobo(
  product: SaleWindow & { sellingPriceKobo: number; priceKobo: number },
  now: Date,
): number {
  return saleApplies(product, now) ? product.sellingPriceKobo : product.priceKobo;
}

/** Whole percent shown on a card: 33.33 % shows as 33 %, never rounded up to promise more than is given. */
export function discountPercentage(basisPoints: number): number {
  return Math.trunc(basisPoints / 100);
}

export function isSuperDiscount(basisPoints: number): boolean {
  return basisPoints >= SUPER_DISCOUNT_MIN_BASIS_POINTS;
}

/** out at 0, low at or under the merchant's alert units, in otherwise. */
export function stockStatus(quantity: number, stockAlertUnits: number): StockStatus {
  if (quantity <= 0) return 'out';
  if (quantity <= stockAlertUnits) return 'low';
  return 'in';
}

/**
 * Customers see a product only when an admin approved it, its store is visible (approved by two admins and
 * onboarded), and it is not a sold-out product whose merchant chose to hide it until restocked. This is what
 * `products.is_visible` stores (kept by `refreshProductVisibility` and `refreshStoreProductsVisibility`), so every
 * customer query filters on that one column and counts come from the partial indexes alone.
 */
export function isCustomerVisible(product: {
  approvalStatus: string;
  storeVisible: boolean;
  quantity: number;
  whenSoldOut: string;
  contSalesOutOfStock: boolean;
}): boolean {
  return product.approvalStatus === 'approved' && product.storeVisible && !hiddenWhenSoldOut(product);
}

/** A sold-out product whose merchant chose `hide` drops out of customer answers until restocked. */
export function hiddenWhenSoldOut(product: {
  quantity: number;
  whenSoldOut: string;
  contSalesOutOfStock: boolean;
}): boolean {
  return product.whenSoldOut === 'hide' && product.quantity <= 0 && !product.contSalesOutOfStock;
}

/**
 * Fields customers read (and admins vetted when approving). Changing any of them sends an approved or rejected
 * product back to pending, so nothing unreviewed reaches customers. Stock fields (quantity, alert units, sold-out
 * behaviour, variant quantities) are operations, not content: merchants restock without waiting for an admin.
 */
export const reviewedFields = [
  'name',
  'description',
  'categoryId',
  'subCategoryId',
  'childCategoryId',
  'sellingPriceKobo',
  'priceKobo',
  'sku',
  'weight',
  'weightUnit',
  'dimension',
  'dimensionUnit',
  'isDigitalProduct',
  'variantProperties',
  'hostedImages',
] as const;

export type ReviewedContent = Record<(typeof reviewedFields)[number], unknown> & {
  variants: { sku: string; size: string | null; color: string | null; discountKobo: number }[];
};

/** True when an edit changes what customers see (variants compared without their stock). */
export function needsReapproval(before: ReviewedContent, after: ReviewedContent): boolean {
  for (const field of reviewedFields) {
    if (!sameValue(before[field], after[field])) return true;
  }
  const variantContent = (content: ReviewedContent) =>
    content.variants.map(({ sku, size, color, discountKobo }) => ({ sku, size, color, discountKobo }));
  return !sameValue(variantContent(before), variantContent(after));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The day key of the daily discount rail: one order per UTC day, the same for every request that day. */
export function dailyKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A promotion runs when now is inside its window; open ends mean no limit on that side. */
export function isPromotionActive(
  promotion: { startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  if (promotion.startsAt && promotion.startsAt > now) return false;
  if (promotion.endsAt && promotion.endsAt <= now) return false;
  return true;
}
