import { type BulkCatalogColumn, koboToNaira } from '@market/contracts';
import type { ProductInsert, ProductRecord } from './products.repository.js';

// The spreadsheet's side of the product form (ADR 077): which column a form field is, a stored product as the
// form's input, and what of a write differs from the stored row.

/** Product form field (a zod issue's path) to the file's column. */
export const columnOfField: Record<string, BulkCatalogColumn> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  subCategoryId: 'category',
  childCategoryId: 'category',
  quantity: 'quantity',
  sku: 'sku',
  weight: 'weight',
  weightUnit: 'weight_unit',
  whenSoldOut: 'when_sold_out',
  stockAlertUnits: 'stock_alert_units',
  hostedImages: 'images',
  costPrice: 'cost_price',
  price: 'price',
  sellingPrice: 'sale_price',
  saleStartDate: 'sale_start',
  saleEndDate: 'sale_end',
};
export const columnOfVariantField: Record<string, BulkCatalogColumn> = {
  sku: 'sku',
  size: 'size',
  color: 'color',
  discount: 'variant_discount',
  quantity: 'quantity',
};

export const SKU_RACE =
  'A product with a SKU of this file was added meanwhile; nothing was changed. Check the file again.';

export const NEW_PRODUCT_NEEDS: BulkCatalogColumn[] = ['name', 'category', 'price', 'quantity'];

/** The product form's input for an existing product, so a file naming a few columns changes only those. */
export function formOf(row: ProductRecord): Record<string, unknown> {
  return {
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId,
    childCategoryId: row.childCategoryId,
    pricing: [
      {
        costPrice: koboToNaira(row.costPriceKobo),
        sellingPrice: koboToNaira(row.sellingPriceKobo),
        price: koboToNaira(row.priceKobo),
        saleStartDate: row.saleStartDate,
        saleEndDate: row.saleEndDate,
      },
    ],
    quantity: row.quantity,
    sku: row.sku,
    weight: row.weight === null ? null : Number(row.weight),
    weightUnit: row.weightUnit,
    dimension: row.dimension,
    dimensionUnit: row.dimensionUnit,
    whenSoldOut: row.whenSoldOut,
    contSalesOutOfStock: row.contSalesOutOfStock,
    stockAlertUnits: row.stockAlertUnits,
    IsDigitalProduct: row.isDigitalProduct,
    variant: row.variants.map((variant) => ({
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      discount: koboToNaira(variant.discountKobo),
      quantity: variant.quantity,
    })),
    variantProperties: row.variantProperties,
    hostedImages: row.hostedImages,
  };
}

/** JSON with object keys sorted: jsonb hands keys back in its own order, which is no change. */
export function stable(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Only the columns of the write that differ from the row as stored (weights compared as numbers). */
export function changesOf(existing: ProductRecord, columns: Partial<ProductInsert>): Partial<ProductInsert> {
  return Object.fromEntries(
    Object.entries(columns).filter(([key, value]) => {
      const before = existing[key as keyof ProductRecord];
      if (key === 'weight')
        return (before === null ? null : Number(before)) !== (value == null ? null : Number(value));
      return stable(before) !== stable(value);
    }),
  ) as Partial<ProductInsert>;
}

/** Variant properties the storefront offers, from the variants' sizes and colours. */
export function propertiesOf(variants: { size?: string | null; color?: string | null }[]) {
  const options = (pick: (variant: (typeof variants)[number]) => string | null | undefined) => [
    ...new Set(variants.map(pick).filter((value): value is string => !!value)),
  ];
  return [
    { type: 'size', options: options((variant) => variant.size) },
    { type: 'color', options: options((variant) => variant.color) },
  ].filter((property) => property.options.length > 0);
}

/** A variant as the file gives it (discount in naira). */
export interface VariantCells {
  sku: string;
  size: string | null;
  color: string | null;
  discount: number;
}

/**
 * The variant properties to store: the product's own when the file's variants are the ones it has (same SKUs, sizes,
 * colours and discounts; stock aside), so an export read back changes nothing even where the form named them
 * otherwise (`Storage`, `Size`); else the sizes and colours the file's variants offer.
 */
export function propertiesFor(variants: VariantCells[], existing?: ProductRecord) {
  const key = (variant: { sku: string; size: string | null; color: string | null }, discountKobo: number) =>
    JSON.stringify([variant.sku.toLowerCase(), variant.size || null, variant.color || null, discountKobo]);
  const same =
    existing &&
    existing.variants.length === variants.length &&
    existing.variants.every(
      (stored, index) =>
        key(stored, stored.discountKobo) ===
        key(variants[index]!, Math.round(variants[index]!.discount * 100)),
    );
  return same ? existing.variantProperties : propertiesOf(variants);
}
