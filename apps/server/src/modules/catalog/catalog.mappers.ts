import { type CustomerProduct, koboToNaira, type MerchantProduct } from '@market/contracts';
import { discountPercentage, stockStatus } from './catalog.rules.js';
import type { ProductRecord } from './products.repository.js';

// Rows become contract shapes here and nowhere else, so ORM types stay inside the module and the cost price
// can only leave through `toMerchantProduct`.

function common(row: ProductRecord) {
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
    discountPercentage: discountPercentage(row.discountBasisPoints ?? 0),
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

export function toCustomerProduct(row: ProductRecord): CustomerProduct {
  return {
    ...common(row),
    pricing: [{ sellingPrice: koboToNaira(row.sellingPriceKobo), price: koboToNaira(row.priceKobo) }],
  };
}

export function toMerchantProduct(row: ProductRecord): MerchantProduct {
  return {
    ...common(row),
    pricing: [
      {
        costPrice: koboToNaira(row.costPriceKobo),
        sellingPrice: koboToNaira(row.sellingPriceKobo),
        price: koboToNaira(row.priceKobo),
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
