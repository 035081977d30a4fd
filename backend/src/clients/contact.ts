import { parsePhoneNumberFromString, PhoneNumber } from 'libphonenumber-js';

/** A North American number in one of its usual shapes: [+1 | 1] (NPA) NXX-XXXX, any separators. */
const NANP_SHAPE = /^(?:\+?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]?([2-9]\d{2})[\s.-]?(\d{4})$/;

/** A phone number in E.164 (US numbers may be written any usual way), or null when it is not a valid number. */
export function normalizePhone(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  // A CSV import validates every row, and the general parser is the costliest step of a row. A
  // number in a usual US shape that is valid as a US number is answered without it; anything else
  // (another NANP country, another format, an invalid number) goes through the parser. Both paths
  // give the same answer (contact.spec.ts compares them across every area code).
  const nanp = NANP_SHAPE.exec(text);
  if (nanp) {
    const e164 = `+1${nanp[1]}${nanp[2]}${nanp[3]}`;
    if (new PhoneNumber(e164).isValid()) return e164;
  }
  return generalNormalizePhone(text);
}

/** normalizePhone through libphonenumber's general parser alone (US as the default country). */
export function generalNormalizePhone(text: string): string | null {
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
/** About a page of text: what a broker jots down about a client. */
export const NOTES_MAX_LENGTH = 4000;

/** A phone number with all but its last four digits hidden, e.g. `***-***-0142`: for records and notices. */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `***-***-${digits.slice(-4)}` : '***';
}

/** An e-mail address with its name hidden but the first letter, e.g. `m***@example.com`. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}
