import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/client.js';

// The embedded database on disk (ADR 034): a new data directory is created in a child process, then opened here
// with the server's settings; a later start finds the data.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-data-dir-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('embedded database data directory', () => {
  it('is created on first open, keeps its data across opens, with 16 MB of shared buffers', async () => {
    const dir = path.join(scratch, 'db');
    const first = await openDatabase({ driver: 'pglite', dir });
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    // The platform's Db type carries no driver result type; PGlite answers { rows }.
    const settings = (await first.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(settings.rows[0]?.shared_buffers).toBe('16MB');
    await first.close();

    const again = await openDatabase({ driver: 'pglite', dir });
    const rows = (await again.db.execute(sql`select value from kept`)) as unknown as {
      rows: { value: string }[];
    };
    expect(rows.rows).toEqual([{ value: 'still here' }]);
    await again.close();
  }, 60_000);
});
