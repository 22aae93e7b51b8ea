import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { RequestListener } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real https server on 127.0.0.1 for the guarded fetcher's tests, with a certificate made for it by openssl (valid
 * one day, for the IP address). Callers pass `ca` and `port` to the fetcher, and allow the loopback address, which
 * the fetcher refuses by default.
 */
export async function localHttpsServer(handler: RequestListener) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-https-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  const ca = fs.readFileSync(cert, 'utf8');
  const server = https.createServer({ key: fs.readFileSync(key, 'utf8'), cert: ca }, handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = String((server.address() as AddressInfo).port);
  return {
    ca,
    port,
    base: `https://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
