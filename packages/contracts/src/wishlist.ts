import { z } from 'zod';
import { access } from './access.js';
import { idParam, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';

// A wishlist (issue 36): a customer saves a product (or one of its variants) for later and hears when its price
// drops or it is back in stock, at most once per product per day; a store sees how many shoppers saved each product.

const money = z.number().describe('Naira with 2 decimals');
const tags = ['Wishlist'];

export const wishlistItem = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  storeName: z.string(),
  image: z.string().nullable(),
  /** The price now (selling price less the variant's discount). */
  price: money,
  /** The price when it was saved, or when the customer was last told of a drop. */
  savedPrice: money,
  inStock: z.boolean(),
  /** Hidden from sale (not approved, store hidden): kept on the list, cannot be bought now. */
  available: z.boolean(),
  createdAt: isoDateTime,
});
export type WishlistItem = z.infer<typeof wishlistItem>;

export const wishlistBody = z.object({ productId: uuid, variantId: uuid.optional() });
export type WishlistBody = z.input<typeof wishlistBody>;

export const savedCount = z.object({ productId: z.string(), name: z.string(), savedBy: z.number().int() });

export const wishlistEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/wishlist',
    summary: 'The customer’s saved products, newest first, with today’s price and stock',
    tags,
    access: access.customer,
    response: envelope(z.array(wishlistItem)),
  }),
  save: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/wishlist',
    summary: 'Save a product (or a variant) for later; saving it again answers the saved item',
    tags,
    access: access.customer,
    body: wishlistBody,
    serverChecks: { productId: 'must be a product on sale', variantId: 'must be a variant of that product' },
    status: 201,
    response: envelope(wishlistItem),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/wishlist/:id',
    summary: 'Remove a saved product',
    tags,
    access: access.customer,
    params: idParam,
    errors: [404],
    response: messageOnly,
  }),
  savedCounts: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/wishlist/merchant/counts',
    summary: 'How many shoppers saved each of the store’s products, most saved first',
    tags,
    access: access.merchant('products:read'),
    response: envelope(z.array(savedCount)),
  }),
};
