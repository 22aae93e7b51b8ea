import type { Logger } from 'pino';
import { seedShippingDefaults } from '../modules/shipping/index.js';
import type { Db } from '../platform/db/client.js';
import type { Media } from '../platform/storage/media.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoHubs } from './demo-hubs.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoPayments } from './demo-payments.js';
import { seedDemoPayouts } from './demo-payouts.js';
import { seedDemoReturns } from './demo-returns.js';
import { seedDemoReviews } from './demo-reviews.js';
import { seedDemoSales } from './demo-sales.js';
import { seedDemo } from './demo-seed.js';
import { seedDemoStoreSettings } from './demo-store-settings.js';
import { seedDemoThemes } from './demo-themes.js';

/**
 * The whole demo marketplace, in the order its parts build on each other (accounts, then the catalog, then orders,
 * then what hangs off delivered orders). One list for `npm start` and `npm run seed:demo`, so the two never differ.
 * Each part is idempotent: running it again changes nothing.
 */
export async function seedDemoMarketplace(db: Db, media: Media, logger?: Logger) {
  const accounts = await seedDemo(db, logger);
  await seedShippingDefaults(db);
  const catalog = await seedDemoCatalog(db, media, logger);
  const orders = await seedDemoOrders(db, logger);
  await seedDemoThemes(db, logger);
  const hubs = await seedDemoHubs(db, logger);
  await seedDemoStoreSettings(db, logger);
  await seedDemoSales(db, logger);
  const reviews = await seedDemoReviews(db, logger);
  const returns = await seedDemoReturns(db, logger);
  await seedDemoPayouts(db, logger);
  await seedDemoPayments(db, logger);
  return {
    accounts,
    products: catalog.products,
    orders,
    hubs,
    reviews,
    returns,
    alreadySeeded: catalog.skipped,
  };
}
