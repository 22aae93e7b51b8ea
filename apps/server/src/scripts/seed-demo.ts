// Seeds the demo accounts and the demo marketplace into the configured database (once; again changes nothing).
// Run: npm run seed:demo   (DATABASE_URL=postgres://… for PostgreSQL)
import pino from 'pino';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import { createDiskStore, createS3Store } from '../platform/storage/blob-stores.js';
import { createMedia } from '../platform/storage/media.js';
import { seedDemoMarketplace } from '../seed/demo-marketplace.js';

const config = loadConfig();
const logger = pino({ level: 'info' });
const database = await openDatabase(config.database);
await database.migrate();
const media = createMedia(config.s3 ? createS3Store(config.s3) : createDiskStore(config.uploadsDir));
const seeded = await seedDemoMarketplace(database.db, media, logger);
logger.info(seeded, 'demo data ready');
await database.close();
