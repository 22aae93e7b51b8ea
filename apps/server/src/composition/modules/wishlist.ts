import { createWishlistModule } from '../../modules/wishlist/index.js';
import { defineModule } from '../registry.js';

/** Saved products, and notices when one gets cheaper or comes back in stock (issue 36). */
export const wishlist = defineModule('wishlist', ({ deps }) => createWishlistModule(deps));
