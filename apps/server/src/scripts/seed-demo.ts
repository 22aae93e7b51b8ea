// Seeds the demo accounts and the demo marketplace into the configured database (once; again changes nothing).
// Run: npm run seed:demo   (DATABASE_URL=postgres://… for PostgreSQL)
import pino from 'pino';
import { seedShippingDefaults } from '../modules/shipping/index.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import { createDiskStore, createS3Store } from '../platform/storage/blob-stores.js';
import { createMedia } from '../platform/storage/media.js';
import { seedDemoCatalog } from '../seed/demo-catalog.js';
import { seedDemoOrders } from '../seed/demo-orders.js';
import { seedDemo } from '../seed/demo-seed.js';
import { seedDemoThemes } from '../seed/demo-themes.js';

const config = loadConfig();
const logger = pino({ level: 'info' });
const database = await openDatabase(
  config.database.driver === 'pglite' ? { driver: 'pglite', dir: config.database.dir } : config.database,
);
await database.migrate();
const accounts = await seedDemo(database.db, logger);
await seedShippingDefaults(database.db);
const media = createMedia(config.s3 ? createS3Store(config.s3) : createDiskStore(config.uploadsDir));
const catalog = await seedDemoCatalog(database.db, media, logger);
const demoOrders = await seedDemoOrders(database.db, logger);
await seedDemoThemes(database.db, logger);
logger.info(
  { accounts, products: catalog.products, orders: demoOrders, alreadySeeded: catalog.skipped },
  'demo data ready',
);
await database.close();
