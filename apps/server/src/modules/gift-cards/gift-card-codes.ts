import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { formatGiftCardCode, normaliseGiftCardCode } from '@market/contracts';

// Gift card codes are bearer secrets: whoever has one can spend the balance. Only a hash is used for lookup; the
// code itself is kept encrypted so the purchaser can see it again in my-cards, and is never logged.

/** No look-alikes: no 0/O, 1/I/L. 31 symbols × 16 characters ≈ 79 bits, far beyond guessing. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

export function generateCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Upper-case without dashes or spaces: the form that is hashed and encrypted (the contract's one rule). */
export const normaliseCode = normaliseGiftCardCode;

/** `ABCD-EFGH-JKMN-PQRS` for people: the contract's one formatting function, shared with the web app. */
export const formatCode = formatGiftCardCode;

export function hashCode(code: string): string {
  return createHash('sha256').update(normaliseCode(code)).digest('hex');
}

export interface CodeCipher {
  encrypt(code: string): string;
  decrypt(stored: string): string;
}

/** AES-256-GCM with a key derived from the JWT secret by HKDF, so no new secret has to be configured. */
export function createCodeCipher(secret: string): CodeCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'naija-market', 'gift-card-codes/v1', 32));
  return {
    encrypt(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(normaliseCode(code), 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown gift card code format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** How much of a total each card covers, card by card in the order given, never more than its balance. */
export function coverTotal<T extends { balanceKobo: number }>(
  cards: T[],
  totalKobo: number,
): { cards: (T & { coversKobo: number })[]; coveredKobo: number } {
  let remaining = Math.max(0, totalKobo);
  const covered = cards.map((card) => {
    const coversKobo = Math.min(Math.max(0, card.balanceKobo), remaining);
    remaining -= coversKobo;
    return { ...card, coversKobo };
  });
  return { cards: covered, coveredKobo: Math.max(0, totalKobo) - remaining };
}
