import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The web app's browser and server builds, which server rendering needs: built here when this checkout has none. */
export function ensureWebBuild(): void {
  const root = path.resolve(import.meta.dirname, '../../../..');
  if (
    fs.existsSync(path.join(root, 'apps/web/dist-server/entry-server.js')) &&
    fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  )
    return;
  execFileSync('npm', ['run', 'build', '-w', '@market/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
