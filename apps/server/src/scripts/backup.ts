// One archive of the marketplace (issue 33): the database, the uploads and a manifest of what a whole copy shows.
// Run: npm run backup [-- --out backups/market.tar.gz] [--verify]
// DATABASE_URL as the server's (pg_dump, with the server running), else the embedded database: stop the server first.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBackup, verifyBackup } from '../backup/backup.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(option('--out') ?? path.join('backups', `market-${stamp}.tar.gz`));
  if (config.database.driver === 'postgres') {
    try {
      execFileSync('which', ['pg_dump'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        'pg_dump is not installed: apt-get install postgresql-client (the same major version as the server)',
      );
    }
  }
  if (config.s3)
    console.log(
      'Uploads live in the S3 bucket: back them up with the bucket (versioning, replication, or `mc mirror`); this archive holds the database.',
    );
  const database = await openDatabase(
    config.database.driver === 'pglite'
      ? { ...config.database, thread: 'main' }
      : { ...config.database, max: 2 },
  );
  try {
    const started = performance.now();
    const manifest = await createBackup(
      {
        database,
        url: config.database.driver === 'postgres' ? config.database.url : undefined,
        uploadsDir: config.s3 ? path.join(config.dataDir, '.no-local-uploads') : config.uploadsDir,
      },
      out,
    );
    const tables = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Backup written to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Object.keys(manifest.database.tables).length} tables, ${tables} rows, ${manifest.database.ledger.entries} ledger entries (checksum ${manifest.database.ledger.checksum}), ${manifest.uploads.files} uploads`,
    );
  } finally {
    await database.close();
  }
  if (process.argv.includes('--verify')) {
    const check = await verifyBackup(
      out,
      config.database.driver === 'postgres' ? config.database.url : undefined,
    );
    for (const problem of check.problems) console.log(`  ${problem}`);
    console.log(check.problems.length === 0 ? 'Verified: a restore of it is whole' : 'NOT whole: see above');
    if (check.problems.length > 0) process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
