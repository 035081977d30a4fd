import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number in E.164 (US numbers may be written any usual way), or null when it is not a valid number. */
export function normalizePhone(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[A-Za-z]{2,}$/;

/** A trimmed e-mail address, null when blank, or undefined when it is not an address. */
export function normalizeEmail(raw: string | null | undefined): string | null | undefined {
  const text = raw?.trim();
  if (!text) return null;
  return EMAIL.test(text) && text.length <= 254 ? text : undefined;
}

export const NAME_MAX_LENGTH = 100;
