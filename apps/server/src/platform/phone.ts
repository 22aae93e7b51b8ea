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
