import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's webhook signature: HMAC-SHA512 of the raw body with the secret key, in lowercase hex. */
export function signPaystackBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/**
 * Checks `x-paystack-signature` in constant time. The length is checked first because timingSafeEqual throws on
 * buffers of different lengths; a length difference reveals nothing since every valid signature is 128 chars.
 */
export function verifyPaystackSignature(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  const expected = Buffer.from(signPaystackBody(secret, rawBody), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
