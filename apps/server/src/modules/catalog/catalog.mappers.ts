import { type CustomerProduct, koboToNaira, type MerchantProduct } from '@market/contracts';
import { customerPriceKobo, discountBasisPoints, discountPercentage, stockStatus } from './catalog.rules.js';
import type { ProductRecord } from './products.repository.js';

// Rows become contract shapes here and nowhere else, so ORM types stay inside the module and the cost price
// can only leave through `toMerchantProduct`.

/**
 * What a customer's card shows of a product: the columns the customer mappers read and no more, so the listings
 * select only these (ADR 114, amended by h-listing). The merchant's mapper reads the whole record.
 */
export type CardRecord = Pick<
  ProductRecord,
  | 'id'
  | 'storeId'
  | 'storeName'
  | 'storeUrl'
  | 'name'
  | 'description'
  | 'categoryName'
  | 'categoryId'
  | 'subCategoryName'
  | 'subCategoryId'
  | 'childCategoryName'
  | 'childCategoryId'
  | 'sellingPriceKobo'
  | 'priceKobo'
  | 'saleStartDate'
  | 'saleEndDate'
  | 'quantity'
  | 'sku'
  | 'weight'
  | 'weightUnit'
  | 'dimension'
  | 'dimensionUnit'
  | 'isDigitalProduct'
  | 'variants'
  | 'variantProperties'
  | 'hostedImages'
  | 'salesCount'
  | 'ratingAverage'
  | 'ratingCount'
  | 'createdAt'
>;

function common(row: CardRecord, now: Date) {
  return {
    id: row.id,
    storeId: row.storeId,
    storeName: row.storeName,
    storeUrl: row.storeUrl,
    name: row.name,
    description: row.description,
    category: row.categoryName,
    categoryId: row.categoryId,
    subCategory: row.subCategoryName,
    subCategoryId: row.subCategoryId,
    childCategory: row.childCategoryName,
    childCategoryId: row.childCategoryId,
    // The discount of the price customers pay now: none once the sale's days are over.
    discountPercentage: discountPercentage(discountBasisPoints(customerPriceKobo(row, now), row.priceKobo)),
    quantity: row.quantity,
    inStock: row.quantity > 0,
    sku: row.sku,
    weight: row.weight === null ? null : Number(row.weight),
    weightUnit: row.weightUnit,
    // jsonb gives keys in its own order (by length); the contract's order is written out here.
    dimension: row.dimension && {
      length: row.dimension.length,
      width: row.dimension.width,
      height: row.dimension.height,
    },
    dimensionUnit: row.dimensionUnit,
    IsDigitalProduct: row.isDigitalProduct,
    variant: row.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      discount: koboToNaira(variant.discountKobo),
      quantity: variant.quantity,
    })),
    variantProperties: row.variantProperties.map((property) => ({
      type: property.type,
      options: property.options,
    })),
    hostedImages: row.hostedImages,
    salesCount: row.salesCount,
    ratingAverage: Number(row.ratingAverage),
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `now` decides the sale: pass the app's clock (deps.now), never let `map` hand in an index. */
export function toCustomerProduct(row: CardRecord, now: Date): CustomerProduct {
  return {
    ...common(row, now),
    pricing: [{ sellingPrice: koboToNaira(customerPriceKobo(row, now)), price: koboToNaira(row.priceKobo) }],
  };
}

/** The merchant sees the sale price as set and its days; the discount shown is today's. */
export function toMerchantProduct(row: ProductRecord, now: Date): MerchantProduct {
  return {
    ...common(row, now),
    pricing: [
      {
        costPrice: koboToNaira(row.costPriceKobo),
        sellingPrice: koboToNaira(row.sellingPriceKobo),
        price: koboToNaira(row.priceKobo),
        saleStartDate: row.saleStartDate,
        saleEndDate: row.saleEndDate,
      },
    ],
    whenSoldOut: row.whenSoldOut,
    contSalesOutOfStock: row.contSalesOutOfStock,
    stockAlertUnits: row.stockAlertUnits,
    stockStatus: stockStatus(row.quantity, row.stockAlertUnits),
    approvalStatus: row.approvalStatus,
    rejectionReason: row.rejectionReason,
    isVisible: row.isVisible,
    merchantId: row.merchantId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
