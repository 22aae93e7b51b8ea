// Deletes audit-trail lines older than AUDIT_RETENTION_DAYS (ADR 072); without it, keeps every line and says so.
// Run from cron: AUDIT_RETENTION_DAYS=2190 npm run audit:purge   (DATABASE_URL as the server's)
import { pathToFileURL } from 'node:url';
import { purgeAuditTrail } from '../platform/audit/record.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (config.auditRetentionDays === null) {
    console.log('AUDIT_RETENTION_DAYS is not set: the audit trail keeps every line');
    return;
  }
  const database = await openDatabase(config.database);
  try {
    const deleted = await purgeAuditTrail(database.db, config.auditRetentionDays, new Date());
    console.log(`Deleted ${deleted} audit lines older than ${config.auditRetentionDays} days`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
