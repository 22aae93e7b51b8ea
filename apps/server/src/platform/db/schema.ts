// Every table, for Drizzle's typed queries and drizzle-kit's migrations. Each module owns its own file.
export * from '../../modules/addresses/addresses.schema.js';
export * from '../../modules/auth/auth.schema.js';
export * from '../../modules/cart/cart.schema.js';
export * from '../../modules/catalog/catalog.schema.js';
export * from '../../modules/coupons/coupons.schema.js';
export * from '../../modules/gift-cards/gift-cards.schema.js';
export * from '../../modules/orders/orders.schema.js';
export * from '../../modules/shipping/shipping.schema.js';
export * from '../../modules/stores/stores.schema.js';
export * from '../mail/mail.schema.js';
export * from '../payments/payments.schema.js';
export * from '../storage/files.schema.js';
