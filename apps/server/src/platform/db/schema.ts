// Every table, for Drizzle's typed queries and drizzle-kit's migrations. Each module owns its own file.
export * from '../../modules/auth/auth.schema.js';
export * from '../../modules/catalog/catalog.schema.js';
export * from '../../modules/stores/stores.schema.js';
export * from '../mail/mail.schema.js';
export * from '../storage/files.schema.js';
