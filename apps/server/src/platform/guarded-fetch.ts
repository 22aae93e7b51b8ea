import { lookup as dnsLookup } from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Fetching a file from an address a user typed (ADR 077: product images by URL) without letting that user reach
// the server's own network. https only; the host's every address must be public (not private, loopback,
// link-local, the cloud metadata address 169.254.169.254, carrier NAT, multicast, reserved); the connection goes to
// the address that was checked (no second DNS answer in between); redirects are refused, not followed; the body
// has a byte ceiling and the whole exchange a deadline. What the bytes are is for the caller to check.

export interface GuardedFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Which resolved addresses may be reached; public unicast only unless a test says otherwise. */
  addressAllowed?: (address: string) => boolean;
  /** DNS as a function, so a test can make a name resolve to a private address. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Extra certificate authorities (a test's own https server). */
  ca?: string;
  /** Ports allowed besides the default 443 (a test's own server listens on a free port). */
  extraPorts?: string[];
}

/** The fetch was refused or failed; the message is for the merchant (no internal detail). */
export class FetchRefused extends Error {}

/** True for an address on the public internet: ipaddr.js's `unicast` range, IPv4-mapped IPv6 judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** Checks the address before any connection: scheme, credentials, port and every resolved address. */
export async function checkedTarget(raw: string, options: GuardedFetchOptions) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('This is not a web address');
  }
  if (url.protocol !== 'https:') throw new FetchRefused('Only https addresses are fetched');
  if (url.username || url.password)
    throw new FetchRefused('Addresses with a user name or password are refused');
  if (url.port !== '' && url.port !== '443' && !options.extraPorts?.includes(url.port))
    throw new FetchRefused('Only the usual https port (443) is allowed');
  const allowed = options.addressAllowed ?? isPublicAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new FetchRefused(`The host ${host} was not found`);
    }
  }
  if (addresses.length === 0) throw new FetchRefused(`The host ${host} was not found`);
  // Every address, not just the first: a name answering with one public and one private address is refused.
  if (addresses.some(({ address }) => !allowed(address)))
    throw new FetchRefused('The address points to a private or reserved network');
  return { url, host, pinned: addresses[0]! };
}

/**
 * GETs an https URL under the guards above and answers its body. Throws FetchRefused for anything refused or
 * failed (a redirect, a status other than 200, too big, too slow, a TLS or network error).
 */
export async function guardedFetch(raw: string, options: GuardedFetchOptions): Promise<Buffer> {
  const { url, host, pinned } = await checkedTarget(raw, options);
  // The socket connects to the checked address whatever DNS says now (no rebinding between check and connect).
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      reject(new FetchRefused(message));
    };
    const request = https.request(
      url,
      {
        method: 'GET',
        lookup,
        servername: ipaddr.isValid(host) ? undefined : host,
        ca: options.ca,
        headers: { accept: 'image/*', 'user-agent': 'MarketCatalogueFetcher/1' },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400)
          return fail('The address redirects elsewhere; give the final address');
        if (status !== 200) return fail(`The address answered ${status}`);
        const declared = Number(response.headers['content-length'] ?? Number.NaN);
        if (declared > options.maxBytes)
          return fail(`The file is larger than ${options.maxBytes / 1024 / 1024} MB`);
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes)
            return fail(`The file is larger than ${options.maxBytes / 1024 / 1024} MB`);
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve(Buffer.concat(chunks));
        });
        response.on('error', () => fail('The download was cut off'));
      },
    );
    const deadline = setTimeout(
      () => fail(`The address did not answer within ${options.timeoutMs / 1000} s`),
      options.timeoutMs,
    );
    request.on('error', () => fail('The address could not be reached'));
    request.end();
  });
}
