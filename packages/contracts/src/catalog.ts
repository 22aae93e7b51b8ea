import { z } from 'zod';
import { access } from './access.js';
import { boundedDay, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly, pagination } from './envelope.js';
import { nairaAmount, nairaAmountRules } from './money.js';
import { atLeastOneField, publishRules } from './published-rules.js';
import { uploadedImage } from './stores.js';

const categoryTags = ['Categories'];
const productTags = ['Products'];
const productAdminTags = ['Products (admin)'];
const customerTags = ['Products (customers)'];
const collectionTags = ['Featured collections'];

// ---------- constants ----------

/** Deepest offset a customer listing accepts; deeper browsing goes through filters and search. */
export const PRODUCT_LIST_MAX_OFFSET = 10_000;
export const PRODUCT_LIST_DEFAULT_LIMIT = 20;
export const PRODUCT_LIST_MAX_LIMIT = 100;
/** Admin product list default (specification, section 9): page 1, 12 per page. */
export const ADMIN_PRODUCT_PAGE_SIZE = 12;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRODUCTS_PER_LOOKUP = 100;
/** A super-discounted offer takes at least this much off the regular price. */
export const SUPER_DISCOUNT_MIN_PERCENT = 40;
export const RAIL_DEFAULT_LIMIT = 12;

export const productSorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const;
export type ProductSort = (typeof productSorts)[number];
export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];
export const stockStatuses = ['in', 'low', 'out'] as const;
export type StockStatus = (typeof stockStatuses)[number];
export const weightUnits = ['kg', 'g'] as const;
export const dimensionUnits = ['cm', 'm', 'in'] as const;
/** What the storefront does when stock reaches 0. */
export const soldOutBehaviours = ['hide', 'show-sold-out', 'continue-selling'] as const;
export const collectionStatuses = ['active', 'inactive'] as const;

// ---------- small parts ----------

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** `?inStock=true`: query strings carry text, so booleans are parsed from it. */
const queryFlag = z.stringbool({ error: 'Use true or false' }).meta({ enum: ['true', 'false'] });
const limitQuery = (fallback: number, max = PRODUCT_LIST_MAX_LIMIT) =>
  z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(fallback);
const offsetQuery = z.coerce
  .number()
  .int()
  .min(0, 'Offset cannot be negative')
  .max(PRODUCT_LIST_MAX_OFFSET, `Offset must be at most ${PRODUCT_LIST_MAX_OFFSET}`)
  .default(0);
const nairaQuery = z.coerce
  .number({ error: 'Enter an amount in naira' })
  .pipe(nairaAmount)
  .meta(nairaAmountRules);
const searchQuery = z.string().trim().max(100, 'Search must be at most 100 characters').optional();
/** A URL handed out by `POST /products/images` (site-relative) or an absolute https URL of the same store. */
const imageUrl = z.string().trim().min(1).max(500);
const count = z.number().int();

// ---------- categories ----------

export const childCategory = z.object({
  id: z.string(),
  name: z.string(),
  subCategoryId: z.string(),
  categoryId: z.string(),
  position: z.number().int(),
  image: z.string().nullable(),
});
export type ChildCategory = z.infer<typeof childCategory>;

export const subCategory = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string(),
  position: z.number().int(),
  image: z.string().nullable(),
  childCategories: z.array(childCategory),
});
export type SubCategory = z.infer<typeof subCategory>;

export const category = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  image: z.string().nullable(),
  subCategories: z.array(subCategory),
});
export type Category = z.infer<typeof category>;

/** One row of the three-level tree as admins manage it. */
export const categoryNode = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  parentId: z.string().nullable(),
  position: z.number().int(),
  image: z.string().nullable(),
  retired: z.boolean(),
});
export type CategoryNode = z.infer<typeof categoryNode>;

export const topCategory = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  productCount: count,
});

export const createCategoryBody = z.object({
  name: text('Name', 80),
  /** Absent for a category, a category id for a sub-category, a sub-category id for a child category. */
  parentId: uuid.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  image: imageUrl.optional(),
});
export type CreateCategoryBody = z.input<typeof createCategoryBody>;

export const editCategoryBody = z
  .object({
    name: text('Name', 80),
    position: z.number().int().min(0).max(10_000),
    image: imageUrl.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Give at least one field to change')
  .apply(atLeastOneField('Give at least one field to change'));
export type EditCategoryBody = z.input<typeof editCategoryBody>;

// ---------- products ----------

export const productPricing = z.object({
  /** What the merchant paid; only the merchant and admins see it. */
  costPrice: nairaAmount.default(0),
  /** What the customer pays. */
  sellingPrice: nairaAmount,
  /** The regular (compare-at) price; a discount is the part of it above sellingPrice. */
  price: nairaAmount,
  /**
   * The sale's first and last Lagos day (both included); a side left out is open. Outside the window customers pay
   * `price`: sellingPrice is the sale price only within it (ADR 077).
   */
  saleStartDate: boundedDay.nullish(),
  saleEndDate: boundedDay.nullish(),
});

export const productVariantInput = z.object({
  sku: text('Variant SKU', 64),
  size: z.string().trim().max(40).nullish(),
  color: z.string().trim().max(40).nullish(),
  /** Naira off the product's selling price for this variant. */
  discount: nairaAmount.default(0),
  quantity: z.number().int().min(0, 'Quantity cannot be negative').max(1_000_000),
});

export const variantProperty = z.object({
  type: text('Property type', 40),
  options: z.array(text('Option', 40)).min(1, 'Give at least one option').max(50),
});

const dimension = z.object({
  length: z.number().positive().max(100_000),
  width: z.number().positive().max(100_000),
  height: z.number().positive().max(100_000),
});

/** Every Product field of the specification (section 3) a merchant sets; ids pick the three category levels. */
const productFieldsWithoutDefaults = z.object({
  name: text('Product name', 200),
  description: z
    .array(z.string().trim().min(1).max(2000, 'Each description paragraph must be at most 2000 characters'))
    .max(30, 'Use at most 30 description paragraphs'),
  /** An empty or missing choice says what to do; anything else that is not an id is refused as such. */
  categoryId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Choose a category'
        : 'Must be a valid id',
  }),
  subCategoryId: uuid.nullish(),
  childCategoryId: uuid.nullish(),
  /** A one-entry list, as the specification shapes it. */
  pricing: z.array(productPricing).length(1, 'Give exactly one pricing entry'),
  quantity: z.number().int().min(0, 'Quantity cannot be negative').max(1_000_000),
  sku: text('SKU', 64),
  weight: z.number().nonnegative().max(100_000).nullish(),
  weightUnit: z.enum(weightUnits),
  dimension: dimension.nullish(),
  dimensionUnit: z.enum(dimensionUnits),
  whenSoldOut: z.enum(soldOutBehaviours),
  contSalesOutOfStock: z.boolean(),
  stockAlertUnits: z.number().int().min(0).max(1_000_000),
  IsDigitalProduct: z.boolean(),
  variant: z.array(productVariantInput).max(100),
  variantProperties: z.array(variantProperty).max(10),
  hostedImages: z.array(imageUrl).max(MAX_PRODUCT_IMAGES, `Use at most ${MAX_PRODUCT_IMAGES} images`),
});

/** A new product: what the merchant leaves out takes the usual default. */
const productFields = productFieldsWithoutDefaults.extend({
  description: productFieldsWithoutDefaults.shape.description.default([]),
  weightUnit: productFieldsWithoutDefaults.shape.weightUnit.default('kg'),
  dimensionUnit: productFieldsWithoutDefaults.shape.dimensionUnit.default('cm'),
  whenSoldOut: productFieldsWithoutDefaults.shape.whenSoldOut.default('show-sold-out'),
  contSalesOutOfStock: productFieldsWithoutDefaults.shape.contSalesOutOfStock.default(false),
  stockAlertUnits: productFieldsWithoutDefaults.shape.stockAlertUnits.default(5),
  IsDigitalProduct: productFieldsWithoutDefaults.shape.IsDigitalProduct.default(false),
  variant: productFieldsWithoutDefaults.shape.variant.default([]),
  variantProperties: productFieldsWithoutDefaults.shape.variantProperties.default([]),
  hostedImages: productFieldsWithoutDefaults.shape.hostedImages.default([]),
});

type ProductFieldsDraft = Partial<z.output<typeof productFieldsWithoutDefaults>>;

/** Rules across fields, shared by create and edit (an edit checks only what it carries). */
function checkProductFields(value: ProductFieldsDraft, context: z.RefinementCtx) {
  const pricing = value.pricing?.[0];
  if (pricing && pricing.sellingPrice > pricing.price) {
    context.addIssue({
      code: 'custom',
      path: ['pricing', 0, 'sellingPrice'],
      message: 'Selling price cannot be above the regular price',
    });
  }
  if (pricing?.saleStartDate && pricing.saleEndDate && pricing.saleEndDate < pricing.saleStartDate) {
    context.addIssue({
      code: 'custom',
      path: ['pricing', 0, 'saleEndDate'],
      message: 'The sale cannot end before it starts',
    });
  }
  if (value.childCategoryId && !value.subCategoryId) {
    context.addIssue({
      code: 'custom',
      path: ['subCategoryId'],
      message: 'Choose a sub-category for the child category',
    });
  }
  const skus = new Set<string>();
  value.variant?.forEach((variant, index) => {
    const key = variant.sku.toLowerCase();
    if (skus.has(key)) {
      context.addIssue({
        code: 'custom',
        path: ['variant', index, 'sku'],
        message: 'Variant SKUs must differ',
      });
    }
    skus.add(key);
  });
  if (pricing && value.variant?.some((variant) => variant.discount > pricing.sellingPrice)) {
    context.addIssue({
      code: 'custom',
      path: ['variant'],
      message: 'A variant discount cannot be above the selling price',
    });
  }
}

/** The document's words for `checkProductFields` (ADR 085). */
const productRules = [
  { fields: ['pricing.*.sellingPrice'], rule: 'sellingPrice must not be above price' },
  { fields: ['pricing.*.saleEndDate'], rule: 'saleEndDate must not be before saleStartDate' },
  { fields: ['subCategoryId', 'childCategoryId'], rule: 'a childCategoryId needs its subCategoryId' },
  { fields: ['variant.*.sku'], rule: 'variant SKUs differ (any letter case)' },
  { fields: ['variant'], rule: "no variant's discount above the selling price" },
];
const publishProductRules = <S extends z.ZodType>(schema: S) =>
  publishRules(schema, productRules, { dependentRequired: { childCategoryId: ['subCategoryId'] } });

export const createProductBody = productFields.superRefine(checkProductFields).apply(publishProductRules);
export type CreateProductBody = z.input<typeof createProductBody>;

export const adminCreateProductBody = productFields
  .extend({ storeId: uuid })
  .superRefine(checkProductFields)
  .apply(publishProductRules);
export type AdminCreateProductBody = z.input<typeof adminCreateProductBody>;

/** An edit carries only the fields it changes (no defaults, so nothing left out is reset). */
export const editProductBody = productFieldsWithoutDefaults
  .partial()
  .superRefine(checkProductFields)
  .apply(publishProductRules)
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Give at least one field to change',
  )
  .apply(atLeastOneField('Give at least one field to change'));
export type EditProductBody = z.input<typeof editProductBody>;
export type ProductFields = z.output<typeof productFieldsWithoutDefaults>;

export const updateInventoryBody = z
  .object({
    productId: uuid,
    quantity: z.number().int().min(0, 'Quantity cannot be negative').max(1_000_000).optional(),
    stockAlertUnits: z.number().int().min(0).max(1_000_000).optional(),
    /** Stock of named variants; variants left out keep theirs. */
    variants: z
      .array(z.object({ sku: text('Variant SKU', 64), quantity: z.number().int().min(0).max(1_000_000) }))
      .max(100)
      .optional(),
  })
  .refine(
    (value) =>
      value.quantity !== undefined || value.stockAlertUnits !== undefined || value.variants !== undefined,
    'Give a quantity, stockAlertUnits or variants to update',
  )
  .apply(
    atLeastOneField('Give a quantity, stockAlertUnits or variants to update', [
      'quantity',
      'stockAlertUnits',
      'variants',
    ]),
  );
export type UpdateInventoryBody = z.input<typeof updateInventoryBody>;

const productVariant = z.object({
  id: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  discount: z.number(),
  quantity: z.number().int(),
});

const productCommon = {
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  /** Links a card to `/storefront/{storeUrl}`. */
  storeUrl: z.string(),
  name: z.string(),
  description: z.array(z.string()),
  category: z.string().nullable(),
  categoryId: z.string(),
  subCategory: z.string().nullable(),
  subCategoryId: z.string().nullable(),
  childCategory: z.string().nullable(),
  childCategoryId: z.string().nullable(),
  /** Whole percent off the regular price (0 without a discount). */
  discountPercentage: z.number().int(),
  quantity: z.number().int(),
  inStock: z.boolean(),
  sku: z.string(),
  weight: z.number().nullable(),
  weightUnit: z.enum(weightUnits),
  dimension: dimension.nullable(),
  dimensionUnit: z.enum(dimensionUnits),
  IsDigitalProduct: z.boolean(),
  variant: z.array(productVariant),
  variantProperties: z.array(z.object({ type: z.string(), options: z.array(z.string()) })),
  hostedImages: z.array(z.string()),
  salesCount: z.number().int(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  createdAt: isoDateTime,
};

/** What customers see: never the cost price, approval details or stock settings. */
export const customerProduct = z.object({
  ...productCommon,
  /** sellingPrice is what the customer pays now: the sale price within its days, the regular price outside them. */
  pricing: z.array(z.object({ sellingPrice: z.number(), price: z.number() })),
});
export type CustomerProduct = z.infer<typeof customerProduct>;

/** What the owning merchant and admins see. */
export const merchantProduct = z.object({
  ...productCommon,
  pricing: z.array(
    z.object({
      costPrice: z.number(),
      /** The sale price as set; customers pay it only within the sale's days. */
      sellingPrice: z.number(),
      price: z.number(),
      saleStartDate: z.string().nullable(),
      saleEndDate: z.string().nullable(),
    }),
  ),
  whenSoldOut: z.enum(soldOutBehaviours),
  contSalesOutOfStock: z.boolean(),
  stockAlertUnits: z.number().int(),
  stockStatus: z.enum(stockStatuses),
  approvalStatus: z.enum(approvalStatuses),
  rejectionReason: z.string().nullable(),
  isVisible: z.boolean(),
  merchantId: z.string(),
  updatedAt: isoDateTime,
});
export type MerchantProduct = z.infer<typeof merchantProduct>;

export const pagedCustomerProducts = z.object({
  data: z.array(customerProduct),
  /** The products matching the filter: exact, or (when `countIsEstimate`) the database's estimate. */
  count,
  /**
   * True when `count` is the database's estimate, shown as "about 12,400 products": more products match than the
   * server counts exactly (1,000 by default), so a listing never walks every match to count it.
   */
  countIsEstimate: z.boolean(),
});
export type PagedCustomerProducts = z.infer<typeof pagedCustomerProducts>;

export const customerProductsQuery = z
  .object({
    limit: limitQuery(PRODUCT_LIST_DEFAULT_LIMIT),
    offset: offsetQuery,
    search: searchQuery,
    categoryId: uuid.optional(),
    subCategoryId: uuid.optional(),
    childCategoryId: uuid.optional(),
    /** Without it: by relevance when searching, newest otherwise. */
    sortBy: z.enum(productSorts).optional(),
    minPrice: nairaQuery.optional(),
    maxPrice: nairaQuery.optional(),
    inStock: queryFlag.optional(),
    /**
     * Keyset paging beside `offset`: the opaque cursor of the answer's `Link: <…>; rel="next"` header continues
     * after the last product of that page, at any depth (offset stops at PRODUCT_LIST_MAX_OFFSET).
     */
    cursor: z
      .string()
      .max(400, 'This cursor is not valid')
      .regex(/^[A-Za-z0-9_-]+$/, 'This cursor is not valid')
      .optional(),
  })
  .refine(
    (value) =>
      value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice,
    { path: ['minPrice'], message: 'Minimum price cannot be above the maximum price' },
  )
  .refine((value) => value.cursor === undefined || value.offset === 0, {
    path: ['cursor'],
    message: 'Use either offset or cursor, not both',
  })
  .apply((schema) =>
    publishRules(
      schema,
      [
        { fields: ['minPrice', 'maxPrice'], rule: 'minPrice must not be above maxPrice' },
        {
          fields: ['cursor', 'offset'],
          rule: 'use either offset or cursor, not both (offset stays 0 with a cursor)',
        },
      ],
      { dependentSchemas: { cursor: { properties: { offset: { const: 0 } } } } },
    ),
  );
export type CustomerProductsQuery = z.output<typeof customerProductsQuery>;

export const merchantProductsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: limitQuery(ADMIN_PRODUCT_PAGE_SIZE),
  search: searchQuery,
  status: z.enum(approvalStatuses).optional(),
  stock: z.enum(stockStatuses).optional(),
});
export type MerchantProductsQuery = z.output<typeof merchantProductsQuery>;

export const adminProductsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: limitQuery(ADMIN_PRODUCT_PAGE_SIZE),
  search: searchQuery,
  merchantId: uuid.optional(),
  storeId: uuid.optional(),
  approvalStatus: z.enum(approvalStatuses).optional(),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuery>;

export const productApprovalMetrics = z.object({ approved: count, pending: count, rejected: count });

// ---------- promotions and outlets ----------

export const createPromotionBody = z
  .object({
    name: text('Name', 120),
    description: z.string().trim().max(1000).optional(),
    startsAt: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).optional(),
    endsAt: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).optional(),
  })
  .refine((value) => !value.startsAt || !value.endsAt || new Date(value.startsAt) < new Date(value.endsAt), {
    path: ['endsAt'],
    message: 'The end must come after the start',
  })
  .apply((schema) =>
    publishRules(schema, [{ fields: ['startsAt', 'endsAt'], rule: 'endsAt must come after startsAt' }]),
  );
export type CreatePromotionBody = z.input<typeof createPromotionBody>;

export const promotion = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  isActive: z.boolean(),
  productCount: count,
  createdAt: isoDateTime,
});
export type Promotion = z.infer<typeof promotion>;

const productIds = z
  .array(uuid)
  .min(1, 'Choose at least one product')
  .max(MAX_PRODUCTS_PER_LOOKUP, `Choose at most ${MAX_PRODUCTS_PER_LOOKUP} products`);

export const addPromotionProductsBody = z.object({ promotionId: uuid, productIds });

/** A product inside a promotion; `promotionProductId` is the `{promoId}` of delete-product-promotion. */
export const promotionProduct = customerProduct.extend({ promotionProductId: z.string() });

export const customerPromotion = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
  products: z.array(promotionProduct),
});

export const officialOutlet = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  storeUrl: z.string(),
  logo: z.string().nullable(),
  position: z.number().int(),
  createdAt: isoDateTime,
});

export const outletStore = z.object({
  id: z.string(),
  storeName: z.string(),
  storeUrl: z.string(),
  logo: z.string().nullable(),
  followersCount: count,
});

/** Official outlets keyed by store id (specification, section 3). */
export const officialOutletsByStore = z.record(
  z.string(),
  z.object({ store: outletStore, products: z.array(customerProduct) }),
);

// ---------- featured collections ----------

export const createCollectionBody = z.object({
  title: text('Title', 120),
  description: z.string().trim().max(1000).optional(),
  image: imageUrl.optional(),
  status: z.enum(collectionStatuses).default('active'),
});
export type CreateCollectionBody = z.input<typeof createCollectionBody>;

export const featuredCollection = z.object({
  id: z.string(),
  storeId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  status: z.enum(collectionStatuses),
  productCount: count,
  createdAt: isoDateTime,
});
export type FeaturedCollection = z.infer<typeof featuredCollection>;

export const collectionProductsBody = z.object({ productIds });
const collectionParam = z.object({ collectionId: uuid });

// ---------- endpoints ----------

const idParam = z.object({ id: uuid });

export const categoryEndpoints = {
  all: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/categories/getallcategories',
    summary:
      'The category tree: categories with their sub-categories and child categories (retired ones left out)',
    tags: categoryTags,
    access: access.public,
    response: envelope(z.array(category)),
  }),
  top: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/categories/getTopCategories',
    summary: 'Categories ranked by how many products customers can see in them',
    tags: categoryTags,
    access: access.public,
    query: z.object({ limit: limitQuery(10, 50) }),
    response: envelope(z.array(topCategory)),
  }),
  children: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/categories/getchildcategories/:id',
    summary: 'The child categories of a sub-category',
    tags: categoryTags,
    access: access.public,
    params: idParam,
    response: envelope(z.array(childCategory)),
  }),
  oneCategory: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/categories/getonecategory/:id',
    summary: 'One category with its sub-categories and their child categories',
    tags: categoryTags,
    access: access.public,
    params: idParam,
    response: envelope(category),
  }),
  oneSubCategory: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/categories/getonesubcategory/:id',
    summary: 'One sub-category with its child categories',
    tags: categoryTags,
    access: access.public,
    params: idParam,
    response: envelope(subCategory),
  }),
  oneChildCategory: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/childcategories/:id',
    summary: 'One child category',
    tags: categoryTags,
    access: access.public,
    params: idParam,
    response: envelope(childCategory),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/categories',
    summary:
      'Create a category, sub-category (parent: a category) or child category (parent: a sub-category)',
    tags: categoryTags,
    access: access.admin('catalog:categories'),
    serverChecks: { parentId: 'must name an existing category' },
    body: createCategoryBody,
    response: envelope(categoryNode),
    status: 201,
  }),
  edit: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/categories/:id',
    summary: 'Rename, reorder or change the image of a category',
    tags: categoryTags,
    access: access.admin('catalog:categories'),
    params: idParam,
    body: editCategoryBody,
    response: envelope(categoryNode),
  }),
  retire: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/categories/:id',
    summary: 'Retire a category and everything under it (409 while any product uses it)',
    tags: categoryTags,
    access: access.admin('catalog:categories'),
    params: idParam,
    response: messageOnly,
  }),
};

export const productEndpoints = {
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products',
    summary: "Create a product in the merchant's store (pending until an admin approves it)",
    tags: productTags,
    access: access.merchant('products:write'),
    serverChecks: { categoryId: 'must name an existing category' },
    body: createProductBody,
    response: envelope(merchantProduct),
    status: 201,
  }),
  edit: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/products/:id',
    summary: 'Edit one of your products; content changes send it back to approval',
    tags: productTags,
    access: access.merchant('products:write'),
    params: idParam,
    body: editProductBody,
    response: envelope(merchantProduct),
  }),
  updateInventory: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/products/update-product-inventory',
    summary: 'Set stock of one of your products (and its variants) without a new approval',
    tags: productTags,
    access: access.merchant('products:write'),
    body: updateInventoryBody,
    response: envelope(merchantProduct),
  }),
  uploadImage: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/images',
    summary:
      'Upload a product image (multipart field `image`; JPEG, PNG or WebP up to 8 MB), stored as WebP sizes',
    tags: productTags,
    access: access.merchantOrAdmin('products:write', 'approvals:products'),
    upload: { field: 'image' },
    response: envelope(uploadedImage),
    status: 201,
  }),
  mine: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/merchant/products',
    summary: "The merchant's own products, paged, with search, approval status and stock filters",
    tags: productTags,
    access: access.merchant('products:read'),
    query: merchantProductsQuery,
    response: envelope(z.object({ products: z.array(merchantProduct), pagination })),
  }),
  lowStock: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/merchant/low-stock',
    summary: 'Your products at or under their stock alert units, lowest stock first',
    tags: productTags,
    access: access.merchant('products:read'),
    query: z.object({ limit: limitQuery(50) }),
    response: envelope(z.array(merchantProduct)),
  }),
  mineOne: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/merchant/product/:id',
    summary: 'One of your products',
    tags: productTags,
    access: access.merchant('products:read'),
    params: idParam,
    response: envelope(merchantProduct),
  }),
};

export const productAdminEndpoints = {
  addProduct: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/admin/add-product',
    summary: 'List a product for a store; the admin is the approver, so it is approved at once',
    tags: productAdminTags,
    access: access.admin('approvals:products'),
    serverChecks: { storeId: 'must name an existing store', categoryId: 'must name an existing category' },
    body: adminCreateProductBody,
    response: envelope(merchantProduct),
    status: 201,
  }),
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/admin/getallproducts',
    summary: 'All products for approval, paged, with counts by approval status',
    tags: productAdminTags,
    access: access.admin('approvals:products'),
    query: adminProductsQuery,
    response: envelope(
      z.object({ products: z.array(merchantProduct), pagination, metrics: productApprovalMetrics }),
    ),
  }),
  approve: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/admin/approve-product',
    summary: 'Approve a product; customers see it once its store is visible',
    tags: productAdminTags,
    access: access.admin('approvals:products'),
    body: z.object({ productId: uuid, merchantId: uuid }),
    response: envelope(merchantProduct),
  }),
  reject: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/admin/reject-product',
    summary: 'Reject a product with a reason that is mailed to the merchant',
    tags: productAdminTags,
    access: access.admin('approvals:products'),
    body: z.object({ productId: uuid, merchantId: uuid.optional(), reason: text('Reason', 1000) }),
    response: envelope(merchantProduct),
  }),
  createPromotion: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/admin/create-promotion',
    summary: 'Create a promotion (optionally limited to a time window)',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    body: createPromotionBody,
    response: envelope(promotion),
    status: 201,
  }),
  promotions: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/admin/promotions',
    summary: 'Every promotion, newest first',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    response: envelope(z.array(promotion)),
  }),
  addPromotionProducts: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/admin/add-promotion-products',
    summary: 'Put products into a promotion (products already in it are kept once)',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    body: addPromotionProductsBody,
    response: envelope(z.object({ promotion, added: count })),
  }),
  deletePromotionProduct: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/products/admin/delete-product-promotion/:promoId',
    summary: 'Take one product out of a promotion (promoId: its promotionProductId)',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    params: z.object({ promoId: uuid }),
    response: messageOnly,
  }),
  deletePromotion: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/products/admin/delete-promotion/:promoId',
    summary: 'Delete a promotion and its product list',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    params: z.object({ promoId: uuid }),
    response: messageOnly,
  }),
  addOfficialOutlet: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/admin/add-official-outlet',
    summary: 'Feature a store as an official outlet',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    serverChecks: { storeId: 'must name an existing store' },
    body: z.object({ storeId: uuid, position: z.number().int().min(0).max(10_000).optional() }),
    response: envelope(officialOutlet),
    status: 201,
  }),
  deleteOfficialOutlet: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/products/admin/delete-official-outlet/:id',
    summary: 'Stop featuring a store as an official outlet (id: the outlet id)',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    params: idParam,
    response: messageOnly,
  }),
  officialOutlets: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/admin/official-outlets',
    summary: 'Every official outlet in display order',
    tags: productAdminTags,
    access: access.admin('catalog:promotions'),
    response: envelope(z.array(officialOutlet)),
  }),
};

const railQuery = z.object({ limit: limitQuery(RAIL_DEFAULT_LIMIT, 50) });

/** A category a store's products use, for the storefront's category links. */
export const storefrontCategory = z.object({
  id: uuid,
  name: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  productCount: z.number().int().nonnegative(),
});
export type StorefrontCategory = z.infer<typeof storefrontCategory>;

export const customerProductEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/customer/getallproducts',
    summary: 'Customer product listing: full-text search, category filters, price range, stock and sort',
    tags: customerTags,
    access: access.public,
    serverChecks: { cursor: 'must be a cursor this listing handed out' },
    query: customerProductsQuery,
    response: envelope(pagedCustomerProducts),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/customer/product/:id',
    summary: 'One product customers can see',
    tags: customerTags,
    access: access.public,
    params: idParam,
    response: envelope(customerProduct),
  }),
  several: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/customer/product',
    summary: 'Several products by id (up to 100); ids customers cannot see are left out',
    tags: customerTags,
    access: access.public,
    body: z.object({ ids: productIds }),
    response: envelope(z.array(customerProduct)),
  }),
  storeCatalog: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products',
    summary: "A store's public catalog by storeId or storeName, newest first, paged",
    tags: customerTags,
    access: access.public,
    query: z
      .object({
        storeId: uuid.optional(),
        storeName: z.string().trim().min(1).max(120).optional(),
        categoryId: uuid.optional().describe("A category of any level: the store's products in it"),
        limit: limitQuery(PRODUCT_LIST_DEFAULT_LIMIT),
        offset: offsetQuery,
      })
      .refine((value) => value.storeId !== undefined || value.storeName !== undefined, {
        path: ['storeId'],
        message: 'Give a storeId or storeName',
      })
      .apply(atLeastOneField('Give a storeId or storeName', ['storeId', 'storeName'])),
    response: envelope(pagedCustomerProducts),
  }),
  superDeals: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/super-deals',
    summary: 'Visible products with the largest discount percentage',
    tags: customerTags,
    access: access.public,
    query: railQuery,
    response: envelope(z.array(customerProduct)),
  }),
  superDiscountedOffer: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/super-discounted-offer',
    summary: `Visible products at least ${SUPER_DISCOUNT_MIN_PERCENT}% off, newest first`,
    tags: customerTags,
    access: access.public,
    query: railQuery,
    response: envelope(z.array(customerProduct)),
  }),
  dailyDiscountOffer: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/daily-discount-offer',
    summary: 'Discounted products in an order that changes each day (the same all day)',
    tags: customerTags,
    access: access.public,
    query: railQuery,
    response: envelope(z.array(customerProduct)),
  }),
  randomOfCategory: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/random-products-category',
    summary: 'Random visible products of a category (any level)',
    tags: customerTags,
    access: access.public,
    query: railQuery.extend({ categoryId: uuid }),
    response: envelope(z.array(customerProduct)),
  }),
  marketplace: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/customer/marketplace/products',
    summary: 'The newest visible products across the marketplace',
    tags: customerTags,
    access: access.public,
    query: z.object({ limit: limitQuery(PRODUCT_LIST_DEFAULT_LIMIT), offset: offsetQuery }),
    response: envelope(pagedCustomerProducts),
  }),
  officialOutlets: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/customer/official-outlets',
    summary: 'Official outlets keyed by store id, each with its newest visible products',
    tags: customerTags,
    access: access.public,
    query: z.object({ productsPerStore: limitQuery(8, 24) }),
    response: envelope(officialOutletsByStore),
  }),
  promotionProducts: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/customer/promotion-products',
    summary: 'Running promotions with their visible products',
    tags: customerTags,
    access: access.public,
    query: z.object({ productsPerPromotion: limitQuery(RAIL_DEFAULT_LIMIT, 50) }),
    response: envelope(z.array(customerPromotion)),
  }),
  storefrontCollections: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/storefront/:storeUrl/collections',
    summary: "A visible store's active featured collections with their visible products",
    tags: customerTags,
    access: access.public,
    params: z.object({ storeUrl: z.string().trim().min(1).max(80) }),
    response: envelope(
      z.array(featuredCollection.omit({ productCount: true }).extend({ products: z.array(customerProduct) })),
    ),
  }),
  storefrontCategories: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/storefront/:storeUrl/categories',
    summary:
      "Every category (any level) of a visible store's visible products, with how many of them each holds, most first",
    tags: customerTags,
    access: access.public,
    params: z.object({ storeUrl: z.string().trim().min(1).max(80) }),
    response: envelope(z.array(storefrontCategory)),
  }),
};

export const featuredCollectionEndpoints = {
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/featuredImageCollections',
    summary: 'Create a featured collection in your store',
    tags: collectionTags,
    access: access.merchant('products:write'),
    serverChecks: { image: 'must be an image uploaded through the image uploader' },
    body: createCollectionBody,
    response: envelope(featuredCollection),
    status: 201,
  }),
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/featuredImageCollections',
    summary: "Your store's featured collections, optionally by status",
    tags: collectionTags,
    access: access.merchant('products:read'),
    query: z.object({ status: z.enum(collectionStatuses).optional() }),
    response: envelope(z.array(featuredCollection)),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/featuredImageCollections/:collectionId',
    summary: 'Delete one of your featured collections',
    tags: collectionTags,
    access: access.merchant('products:write'),
    params: collectionParam,
    response: messageOnly,
  }),
  addProducts: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/featuredImageCollections/:collectionId/products',
    summary: 'Add your products to one of your collections',
    tags: collectionTags,
    access: access.merchant('products:write'),
    params: collectionParam,
    body: collectionProductsBody,
    response: envelope(featuredCollection),
  }),
  removeProducts: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/featuredImageCollections/:collectionId/products',
    summary: 'Take products out of one of your collections',
    tags: collectionTags,
    access: access.merchant('products:write'),
    params: collectionParam,
    body: collectionProductsBody,
    response: envelope(featuredCollection),
  }),
  products: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/featuredImageCollections/:collectionId/products',
    summary: 'The products of one of your collections',
    tags: collectionTags,
    access: access.merchant('products:read'),
    params: collectionParam,
    response: envelope(z.array(merchantProduct)),
  }),
};
