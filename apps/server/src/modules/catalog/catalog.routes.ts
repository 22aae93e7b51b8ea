import {
  productAdminEndpoints as adminApi,
  categoryEndpoints as categoryApi,
  featuredCollectionEndpoints as collectionApi,
  customerProductEndpoints as customerApi,
  productEndpoints as productApi,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { validation } from '../../platform/errors.js';
import { cached, type RouteDefinition, route, shaped } from '../../platform/http/routes.js';
import { MAX_IMAGE_BYTES } from '../../platform/storage/storage.js';
import type { CatalogService } from './catalog.service.js';

const SAVED = 'Successfully created/edited product';

/** The bytes of the multipart `field`; a file over the size limit is a 422 like any other bad image. */
async function readImage(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw validation(field, 'Send the image as multipart/form-data');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field)
      throw validation(field, `Attach the image in the "${field}" field`);
    return await file.toBuffer();
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validation(field, `Images must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller`);
    }
    throw error;
  }
}

/** The listing's own URL, continued after a cursor (offset dropped: the cursor says where the page starts). */
function nextPageUrl(url: string, cursor: string): string {
  const [pathname, search = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(search);
  params.delete('offset');
  params.set('cursor', cursor);
  return `${pathname}?${params.toString()}`;
}

/**
 * The catalog's routes, in the order they were always registered: by audience, each list spread where its routes
 * stood (ADR 091, 101).
 */
export function catalogRoutes(catalog: CatalogService): RouteDefinition[] {
  const { categories, products, promotions, storefront, collections } = catalog;
  return [
    ...categoryRoutes(categories),
    ...merchantProductRoutes(products),
    ...adminCatalogRoutes(products, promotions),
    ...customerProductRoutes(storefront),
    ...storefrontRailRoutes(storefront),
    ...collectionRoutes(collections),
  ];
}

/** The category tree: read by everyone (cached), changed by admins. */
function categoryRoutes(categories: CatalogService['categories']): RouteDefinition[] {
  return [
    cached(route(categoryApi.all, async () => ({ message: 'Categories', data: await categories.tree() }))),
    cached(
      route(categoryApi.top, async ({ query }) => ({
        message: 'Top categories',
        data: await categories.top(query.limit),
      })),
    ),
    cached(
      route(categoryApi.children, async ({ params }) => ({
        message: 'Child categories',
        data: await categories.childrenOfSubCategory(params.id),
      })),
    ),
    cached(
      route(categoryApi.oneCategory, async ({ params }) => ({
        message: 'Category',
        data: await categories.oneCategory(params.id),
      })),
    ),
    cached(
      route(categoryApi.oneSubCategory, async ({ params }) => ({
        message: 'Sub-category',
        data: await categories.oneSubCategory(params.id),
      })),
    ),
    cached(
      route(categoryApi.oneChildCategory, async ({ params }) => ({
        message: 'Child category',
        data: await categories.oneChildCategory(params.id),
      })),
    ),
    route(categoryApi.create, async ({ body }) => ({
      message: 'Category created',
      data: await categories.create(body),
    })),
    route(categoryApi.edit, async ({ params, body }) => ({
      message: 'Category updated',
      data: await categories.edit(params.id, body),
    })),
    route(categoryApi.retire, async ({ params }) => {
      await categories.retire(params.id);
      return { message: 'Category retired' };
    }),
  ];
}

/** A store's own products. */
function merchantProductRoutes(products: CatalogService['products']): RouteDefinition[] {
  return [
    route(productApi.create, async ({ auth, body }) => ({
      message: SAVED,
      data: await products.create(auth, body),
    })),
    route(productApi.edit, async ({ auth, params, body }) => ({
      message: SAVED,
      data: await products.edit(auth, params.id, body),
    })),
    route(productApi.updateInventory, async ({ auth, body }) => ({
      message: 'Product updated successfully',
      data: await products.updateInventory(auth, body),
    })),
    route(productApi.uploadImage, async ({ auth, request }) => ({
      message: 'Image uploaded',
      data: await products.uploadImage(auth, await readImage(request, 'image')),
    })),
    route(productApi.mine, async ({ auth, query }) => ({
      message: 'Products',
      data: await products.mine(auth, query),
    })),
    route(productApi.lowStock, async ({ auth, query }) => ({
      message: 'Low-stock products',
      data: await products.lowStock(auth, query.limit),
    })),
    route(productApi.mineOne, async ({ auth, params }) => ({
      message: 'Product',
      data: await products.mineOne(auth, params.id),
    })),
  ];
}

/** The admins' products, promotions and official outlets. */
function adminCatalogRoutes(
  products: CatalogService['products'],
  promotions: CatalogService['promotions'],
): RouteDefinition[] {
  return [
    route(adminApi.addProduct, async ({ auth, body }) => ({
      message: SAVED,
      data: await products.adminCreate(auth, body),
    })),
    route(adminApi.list, async ({ query }) => ({
      message: 'Products',
      data: await products.adminList(query),
    })),
    route(adminApi.approve, async ({ auth, body }) => ({
      message: 'Product approved',
      data: await products.approve(auth, body.productId, body.merchantId),
    })),
    route(adminApi.reject, async ({ auth, body }) => ({
      message: 'Product rejected',
      data: await products.reject(auth, body),
    })),
    route(adminApi.createPromotion, async ({ auth, body }) => ({
      message: 'Promotion created',
      data: await promotions.create(auth, body),
    })),
    route(adminApi.promotions, async () => ({ message: 'Promotions', data: await promotions.list() })),
    route(adminApi.addPromotionProducts, async ({ body }) => ({
      message: 'Products added to the promotion',
      data: await promotions.addProducts(body.promotionId, body.productIds),
    })),
    route(adminApi.deletePromotionProduct, async ({ params }) => {
      await promotions.removeProduct(params.promoId);
      return { message: 'Product removed from the promotion' };
    }),
    route(adminApi.deletePromotion, async ({ params }) => {
      await promotions.remove(params.promoId);
      return { message: 'Promotion deleted' };
    }),
    route(adminApi.addOfficialOutlet, async ({ auth, body }) => ({
      message: 'Official outlet added',
      data: await promotions.addOutlet(auth, body.storeId, body.position),
    })),
    route(adminApi.deleteOfficialOutlet, async ({ params }) => {
      await promotions.removeOutlet(params.id);
      return { message: 'Official outlet removed' };
    }),
    route(adminApi.officialOutlets, async () => ({
      message: 'Official outlets',
      data: await promotions.outlets(),
    })),
  ];
}

/** What customers page through: the listing and search, a product, several, a store's catalog. */
function customerProductRoutes(storefront: CatalogService['storefront']): RouteDefinition[] {
  return [
    shaped(
      cached(
        route(customerApi.list, async ({ query, request, reply }) => {
          const { page, nextCursor } = await storefront.list(query);
          if (nextCursor) reply.header('link', `<${nextPageUrl(request.url, nextCursor)}>; rel="next"`);
          return { message: 'Products', data: page };
        }),
      ),
    ),
    shaped(
      cached(
        route(customerApi.one, async ({ params }) => ({
          message: 'Product',
          data: await storefront.one(params.id),
        })),
      ),
    ),
    route(customerApi.several, async ({ body }) => ({
      message: 'Products',
      data: await storefront.several(body.ids),
    })),
    shaped(
      cached(
        route(customerApi.storeCatalog, async ({ query }) => ({
          message: 'Products',
          data: await storefront.storeCatalog(query),
        })),
      ),
    ),
  ];
}

/** The home page's rails and a store's own storefront pages. */
function storefrontRailRoutes(storefront: CatalogService['storefront']): RouteDefinition[] {
  return [
    shaped(
      cached(
        route(customerApi.superDeals, async ({ query }) => ({
          message: 'Super deals',
          data: await storefront.superDeals(query.limit),
        })),
      ),
    ),
    shaped(
      cached(
        route(customerApi.superDiscountedOffer, async ({ query }) => ({
          message: 'Super discounted offers',
          data: await storefront.superDiscountedOffer(query.limit),
        })),
      ),
    ),
    route(customerApi.dailyDiscountOffer, async ({ query }) => ({
      message: 'Daily deals',
      data: await storefront.dailyDiscountOffer(query.limit),
    })),
    route(customerApi.randomOfCategory, async ({ query }) => ({
      message: 'Products',
      data: await storefront.randomOfCategory(query.categoryId, query.limit),
    })),
    shaped(
      cached(
        route(customerApi.marketplace, async ({ query }) => ({
          message: 'Products',
          data: await storefront.marketplace(query.limit, query.offset),
        })),
      ),
    ),
    cached(
      route(customerApi.officialOutlets, async ({ query }) => ({
        message: 'Official outlets',
        data: await storefront.officialOutlets(query.productsPerStore),
      })),
    ),
    cached(
      route(customerApi.promotionProducts, async ({ query }) => ({
        message: 'Promotion products',
        data: await storefront.promotionProducts(query.productsPerPromotion),
      })),
    ),
    cached(
      route(customerApi.storefrontCategories, async ({ params }) => ({
        message: 'Categories',
        data: await storefront.storefrontCategories(params.storeUrl),
      })),
    ),
    cached(
      route(customerApi.storefrontCollections, async ({ params }) => ({
        message: 'Collections',
        data: await storefront.storefrontCollections(params.storeUrl),
      })),
    ),
  ];
}

/** A store's featured collections. */
function collectionRoutes(collections: CatalogService['collections']): RouteDefinition[] {
  return [
    route(collectionApi.create, async ({ auth, body }) => ({
      message: 'Collection created',
      data: await collections.create(auth, body),
    })),
    route(collectionApi.list, async ({ auth, query }) => ({
      message: 'Collections',
      data: await collections.list(auth, query.status),
    })),
    route(collectionApi.remove, async ({ auth, params }) => {
      await collections.remove(auth, params.collectionId);
      return { message: 'Collection deleted' };
    }),
    route(collectionApi.addProducts, async ({ auth, params, body }) => ({
      message: 'Products added to the collection',
      data: await collections.addProducts(auth, params.collectionId, body.productIds),
    })),
    route(collectionApi.removeProducts, async ({ auth, params, body }) => ({
      message: 'Products removed from the collection',
      data: await collections.removeProducts(auth, params.collectionId, body.productIds),
    })),
    route(collectionApi.products, async ({ auth, params }) => ({
      message: 'Collection products',
      data: await collections.products(auth, params.collectionId),
    })),
  ];
}
