import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

// The server bundle `npm start` runs, built for tests that start real processes of it (server-processes.ts,
// production-mode.test.ts). Apart from server-processes.ts because that one imports the app: a test file that only
// starts processes need not load the server's modules as well.

export const serverDir = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Builds the server bundle into a folder of its own under the ignored dist/ (inside the workspace, so the bundle finds
 * node_modules as the real one does); answers its path and a cleanup.
 */
export function buildServerBundle(): { bundle: string; built: Promise<unknown>; remove(): void } {
  fs.mkdirSync(path.join(serverDir, 'dist'), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(serverDir, 'dist', 'processes-'));
  const bundle = path.join(scratch, 'main.js');
  const built = promisify(execFile)(process.execPath, [path.join(serverDir, 'build.mjs'), bundle]);
  return { bundle, built, remove: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}
