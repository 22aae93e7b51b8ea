import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { validation } from './errors.js';

/** Normalises a Nigerian number written any common way (0803…, 234803…, +234 803…) to +234 form. */
export function normalizeNigerianPhone(raw: string, field = 'phoneNumber'): string {
  const parsed = parsePhoneNumberFromString(raw, 'NG');
  if (parsed?.country !== 'NG' || !parsed.isValid()) {
    throw validation(field, 'Enter a valid Nigerian phone number');
  }
  return parsed.number;
}

/**
 * A stored phone number's call and WhatsApp links (`tel:+234…`, `https://wa.me/234…`), from its E.164 form; nulls
 * for a number that does not parse as Nigerian (the number is still shown as written).
 */
export function phoneLinks(raw: string | null | undefined): {
  callUrl: string | null;
  whatsappUrl: string | null;
} {
  const parsed = raw ? parsePhoneNumberFromString(raw, 'NG') : undefined;
  if (!parsed?.isValid()) return { callUrl: null, whatsappUrl: null };
  return { callUrl: `tel:${parsed.number}`, whatsappUrl: `https://wa.me/${parsed.number.slice(1)}` };
}
