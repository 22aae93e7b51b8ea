import type { CreateProductBody, createProductBody, MerchantProduct } from '@market/contracts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** The form holds the contract body; empty optional inputs become null before the contract checks them. */
export type ProductFormValues = CreateProductBody;
/** What the contract hands over once the values pass: the body that is sent. */
export type ProductFormOutput = z.output<typeof createProductBody>;
/** The form as each section sees it: registered fields, errors and setters of one product form. */
export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Empty number inputs of optional fields (weight, dimensions) mean "not given". */
export const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** "S, M, L" as typed into an options input, or options already split, as a list. */
export const splitOptions = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
    : String(value ?? '')
        .split(',')
        .map((option) => option.trim())
        .filter(Boolean);

/** Turns what the inputs hold into the request body (empty dimension → null, blank paragraphs dropped). */
export function toProductBody(values: ProductFormValues): ProductFormValues {
  const dimension = values.dimension;
  const hasDimension =
    dimension &&
    [dimension.length, dimension.width, dimension.height].some((v) => v !== null && !Number.isNaN(v));
  return {
    ...values,
    description: (values.description ?? []).map((paragraph) => paragraph.trim()).filter(Boolean),
    subCategoryId: emptyToNull(values.subCategoryId) as string | null,
    childCategoryId: emptyToNull(values.childCategoryId) as string | null,
    weight: values.weight === null || Number.isNaN(values.weight) ? null : values.weight,
    dimension: hasDimension ? dimension : null,
    variant: (values.variant ?? []).map((row) => ({
      ...row,
      size: emptyToNull(row.size) as string | null,
      color: emptyToNull(row.color) as string | null,
    })),
    variantProperties: (values.variantProperties ?? []).map((property) => ({
      type: property.type,
      options: splitOptions(property.options),
    })),
  };
}

/** What the inputs start with: the product being edited, or an empty product with the usual defaults. */
export function productDefaults(product?: MerchantProduct): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: [''],
      categoryId: '',
      subCategoryId: '',
      childCategoryId: '',
      pricing: [{ costPrice: Number.NaN, sellingPrice: Number.NaN, price: Number.NaN }],
      quantity: 0,
      sku: '',
      weight: null,
      weightUnit: 'kg',
      dimension: null,
      dimensionUnit: 'cm',
      whenSoldOut: 'show-sold-out',
      contSalesOutOfStock: false,
      stockAlertUnits: 5,
      IsDigitalProduct: false,
      variant: [],
      variantProperties: [],
      hostedImages: [],
    };
  }
  return {
    name: product.name,
    description: product.description.length > 0 ? product.description : [''],
    categoryId: product.categoryId,
    subCategoryId: product.subCategoryId ?? '',
    childCategoryId: product.childCategoryId ?? '',
    pricing: product.pricing.slice(0, 1),
    quantity: product.quantity,
    sku: product.sku,
    weight: product.weight,
    weightUnit: product.weightUnit,
    dimension: product.dimension,
    dimensionUnit: product.dimensionUnit,
    whenSoldOut: product.whenSoldOut,
    contSalesOutOfStock: product.contSalesOutOfStock,
    stockAlertUnits: product.stockAlertUnits,
    IsDigitalProduct: product.IsDigitalProduct,
    variant: product.variant.map(({ sku, size, color, discount, quantity }) => ({
      sku,
      size,
      color,
      discount,
      quantity,
    })),
    variantProperties: product.variantProperties,
    hostedImages: product.hostedImages,
  };
}
