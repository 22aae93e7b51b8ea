import { createHmac, timingSafeEqual } from 'node:crypto';
import { validation } from '../../platform/errors.js';

// The parcel reference a label's QR code carries (ADR 078): the order's id and an HMAC of it under a key derived
// from the server's secret, so nobody can print a label the server would take for another parcel, and a scan is
// checked with no database read. One order is one parcel today; `p1` leaves room for a numbered parcel later.

const VERSION = 'p1';
const SIGNATURE_LENGTH = 22; // 132 bits of HMAC-SHA256 in base64url: plenty against forgery, short enough for a QR
const PATTERN =
  /p1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

export const LABEL_NOT_OURS = 'This label was not printed by this marketplace';
export const LABEL_OF_ANOTHER_ORDER = 'This label belongs to another order';

function signature(secret: string, orderId: string): string {
  const key = createHmac('sha256', secret).update('parcel-label-key').digest();
  return createHmac('sha256', key)
    .update(`${VERSION}:${orderId}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

export function parcelReference(secret: string, orderId: string): string {
  return `${VERSION}.${orderId}.${signature(secret, orderId)}`;
}

/** The link the QR code holds: the carriers' scan page, so a phone's own camera app lands somewhere useful. */
export function parcelLink(publicUrl: string, reference: string): string {
  return `${publicUrl}/shipping-partner/scan/${reference}`;
}

/**
 * The order id of a scanned label (its link or the bare reference); a 422 on the `parcel` field for anything this
 * server did not sign. The signature is compared in constant time.
 */
export function readParcelReference(secret: string, scanned: string): { orderId: string; reference: string } {
  const match = PATTERN.exec(scanned.trim());
  if (!match) throw validation('parcel', LABEL_NOT_OURS);
  const [reference, orderId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(signature(secret, orderId));
  if (!timingSafeEqual(expected, Buffer.from(given))) throw validation('parcel', LABEL_NOT_OURS);
  return { orderId, reference };
}
