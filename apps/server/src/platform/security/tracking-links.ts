import { createHmac, timingSafeEqual } from 'node:crypto';

// Tracking links (issue 36): a customer message about an order carries a short link that opens the order's status
// without signing in. The token names the order and when the link expires, signed with a key derived from the
// server's secret: unguessable (96-bit signature), bound to one order, unchangeable, and it keeps nothing in the
// database. 16 bytes of order id, 4 of expiry (seconds since 1970), 12 of signature: 43 characters in base64url.

const SIGNATURE_BYTES = 12;

export interface TrackingLinks {
  sign(orderId: string, expiresAt: Date): string;
  /** The order and expiry of an authentic token; null for anything forged, altered or malformed. */
  verify(token: string): { orderId: string; expiresAt: Date } | null;
}

export function createTrackingLinks(secret: string): TrackingLinks {
  const key = createHmac('sha256', secret).update('order-tracking-links/v1').digest();
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, SIGNATURE_BYTES);
  return {
    sign(orderId, expiresAt) {
      const body = Buffer.alloc(20);
      Buffer.from(orderId.replaceAll('-', ''), 'hex').copy(body, 0);
      body.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 16);
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },
    verify(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== 20 + SIGNATURE_BYTES) return null;
      const body = bytes.subarray(0, 20);
      if (!timingSafeEqual(mac(body), bytes.subarray(20))) return null;
      const hex = body.subarray(0, 16).toString('hex');
      const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return { orderId, expiresAt: new Date(body.readUInt32BE(16) * 1000) };
    },
  };
}

/** How long a link lives from the message that carries it: the delivery's usual span and the return window after. */
export const TRACKING_LINK_BASE_DAYS = 30;

/**
 * The link a customer's message about an order carries (`PUBLIC_URL/t/<token>`), living from `at` for the base
 * days and the return window after: one maker for every message (the notifications' fan-out and the mails).
 */
export function trackingUrlMaker(config: {
  jwtSecret: string;
  publicUrl: string;
  returnWindowDays: number;
}): (orderId: string, at: Date) => string {
  const links = createTrackingLinks(config.jwtSecret);
  const lifetimeMs = (TRACKING_LINK_BASE_DAYS + config.returnWindowDays) * 86_400_000;
  return (orderId, at) => `${config.publicUrl}/t/${links.sign(orderId, new Date(at.getTime() + lifetimeMs))}`;
}
