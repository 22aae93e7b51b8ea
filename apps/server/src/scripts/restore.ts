// Brings an archive of `npm run backup` back into an EMPTY database and uploads folder, then proves it whole
// (every table's rows, the ledger's totals and checksum, the stores' balances, each upload's SHA-256).
// Run: npm run restore -- <archive>            restore into DATABASE_URL (a new database) or an empty DATA_DIR
//      npm run restore -- <archive> --verify   restore into a scratch copy only, compare, and remove it
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { restoreBackup, verifyBackup } from '../backup/backup.js';
import { loadConfig } from '../platform/config.js';

async function main() {
  const archive = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!archive) throw new Error('Name the archive: npm run restore -- backups/market-….tar.gz [--verify]');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const started = performance.now();
  const result = process.argv.includes('--verify')
    ? await verifyBackup(
        path.resolve(archive),
        config.database.driver === 'postgres' ? config.database.url : undefined,
      )
    : await restoreBackup(
        path.resolve(archive),
        config.database.driver === 'postgres'
          ? { driver: 'postgres', url: config.database.url, uploadsDir: config.uploadsDir }
          : { driver: 'pglite', dir: config.database.dir, uploadsDir: config.uploadsDir },
      );
  const { manifest, restored, problems } = result;
  console.log(
    `Backup of ${manifest.createdAt} (${manifest.driver}): ${restored.database.ledger.entries} ledger entries, ledger sum ${restored.database.ledger.sumKobo} kobo, ${restored.uploads.files} uploads, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(
    problems.length === 0
      ? 'Restore is whole: every count, total and checksum matches the backup'
      : 'Restore is NOT whole: see above',
  );
  if (problems.length > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
