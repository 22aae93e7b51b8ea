import { randomUUID } from 'node:crypto';
import { nairaToKobo, type ProductFields } from '@market/contracts';
import type { ReviewedContent } from './catalog.rules.js';
import type { ProductVariant, products } from './catalog.schema.js';
import type { ProductInsert } from './products.repository.js';

// A product's form as columns (ADR 101): the merchant's form, the admin's and a spreadsheet's row (bulk-catalog)
// are written the same way, and what an edit changes for review is read from the columns the same way.

type ProductRow = typeof products.$inferSelect;

/** Keeps a variant's id across edits when its SKU stays, so carts and orders that name it still find it. */
function toVariants(input: ProductFields['variant'], previous: ProductVariant[] = []): ProductVariant[] {
  const previousIds = new Map(previous.map((variant) => [variant.sku.toLowerCase(), variant.id]));
  return input.map((variant) => ({
    id: previousIds.get(variant.sku.toLowerCase()) ?? randomUUID(),
    sku: variant.sku,
    size: variant.size ?? null,
    color: variant.color ?? null,
    discountKobo: nairaToKobo(variant.discount),
    quantity: variant.quantity,
  }));
}

/** Contract fields (naira, spec names) to columns (kobo); only the fields present are returned. */
export function toColumns(
  fields: Partial<ProductFields>,
  previous?: Pick<ProductRow, 'variants'>,
): Partial<ProductInsert> {
  const columns: Partial<ProductInsert> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.categoryId !== undefined) columns.categoryId = fields.categoryId;
  if (fields.subCategoryId !== undefined) columns.subCategoryId = fields.subCategoryId;
  if (fields.childCategoryId !== undefined) columns.childCategoryId = fields.childCategoryId;
  const pricing = fields.pricing?.[0];
  if (pricing) {
    columns.costPriceKobo = nairaToKobo(pricing.costPrice);
    columns.sellingPriceKobo = nairaToKobo(pricing.sellingPrice);
    columns.priceKobo = nairaToKobo(pricing.price);
    // A pricing entry is given whole: one without sale days has a sale (if any) with no end.
    columns.saleStartDate = pricing.saleStartDate ?? null;
    columns.saleEndDate = pricing.saleEndDate ?? null;
  }
  if (fields.quantity !== undefined) columns.quantity = fields.quantity;
  if (fields.sku !== undefined) columns.sku = fields.sku;
  if (fields.weight !== undefined) columns.weight = fields.weight === null ? null : String(fields.weight);
  if (fields.weightUnit !== undefined) columns.weightUnit = fields.weightUnit;
  if (fields.dimension !== undefined) columns.dimension = fields.dimension;
  if (fields.dimensionUnit !== undefined) columns.dimensionUnit = fields.dimensionUnit;
  if (fields.whenSoldOut !== undefined) columns.whenSoldOut = fields.whenSoldOut;
  if (fields.contSalesOutOfStock !== undefined) columns.contSalesOutOfStock = fields.contSalesOutOfStock;
  if (fields.stockAlertUnits !== undefined) columns.stockAlertUnits = fields.stockAlertUnits;
  if (fields.IsDigitalProduct !== undefined) columns.isDigitalProduct = fields.IsDigitalProduct;
  if (fields.variant !== undefined) columns.variants = toVariants(fields.variant, previous?.variants);
  if (fields.variantProperties !== undefined) columns.variantProperties = fields.variantProperties;
  if (fields.hostedImages !== undefined) columns.hostedImages = fields.hostedImages;
  return columns;
}

type ReviewedSource = Pick<
  ProductInsert,
  | 'name'
  | 'description'
  | 'categoryId'
  | 'subCategoryId'
  | 'childCategoryId'
  | 'sellingPriceKobo'
  | 'priceKobo'
  | 'sku'
  | 'weight'
  | 'weightUnit'
  | 'dimension'
  | 'dimensionUnit'
  | 'isDigitalProduct'
  | 'variantProperties'
  | 'hostedImages'
  | 'variants'
>;

export function reviewedContent(row: ReviewedSource): ReviewedContent {
  return {
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId ?? null,
    childCategoryId: row.childCategoryId ?? null,
    sellingPriceKobo: row.sellingPriceKobo,
    priceKobo: row.priceKobo,
    sku: row.sku,
    weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
    weightUnit: row.weightUnit ?? 'kg',
    dimension: row.dimension ?? null,
    dimensionUnit: row.dimensionUnit ?? 'cm',
    isDigitalProduct: row.isDigitalProduct ?? false,
    variantProperties: row.variantProperties ?? [],
    hostedImages: row.hostedImages ?? [],
    variants: row.variants ?? [],
  };
}

/**
 * What a product sent back for review is written with (an edit or a file's row changed what customers see): pending,
 * no approver and no reason, hidden until an admin approves it again.
 */
export const BACK_TO_REVIEW = {
  approvalStatus: 'pending',
  approvedBy: null,
  approvedAt: null,
  rejectionReason: null,
  isVisible: false,
} as const satisfies Partial<ProductInsert>;
