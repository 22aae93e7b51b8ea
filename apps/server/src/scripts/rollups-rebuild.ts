// Writes the books' roll-ups again from the ledger (ADR 067): after a repair that wrote ledger lines past the
// postings, or to prove them. `--check` only compares them with the books and prints where they differ (exit 1).
// Run: npm run rollups:rebuild [-- --check]   (DATABASE_URL as the server's; the embedded database otherwise)
import { pathToFileURL } from 'node:url';
import { rebuildRollups, rollupDifferences } from '../modules/ledger/index.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  await database.migrate();
  try {
    if (!process.argv.includes('--check')) {
      const started = performance.now();
      const written = await rebuildRollups(database.db);
      console.log(
        `Roll-ups rebuilt from the books: ${written.days} store-days, ${written.stores} stores' balances in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const differences = await rollupDifferences(database.db);
    for (const difference of differences.slice(0, 50)) console.log(difference);
    console.log(
      differences.length === 0
        ? 'Roll-ups = books'
        : `${differences.length} roll-up rows differ from the books`,
    );
    if (differences.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
