import type { Translation } from '../../i18n/translation.ts';
import type { CurrentUser } from '../types.ts';
import { PROFILE_NAME_MAX, SETTINGS_TEXTS } from './texts.ts';

/** The profile's query key, for the settings page and the profile step. */
export const PROFILE_KEY = ['profile'] as const;

type Named = Pick<CurrentUser, 'firstName' | 'lastName'>;

/** The profile step is due while a part of the name is missing (the provider gave none, and none was saved). */
export function needsProfile(user: Named | null | undefined): boolean {
  return Boolean(user) && (!user?.firstName?.trim() || !user?.lastName?.trim());
}

/** The name to show for the signed-in user: their name, else their e-mail (never a made-up name). */
export function displayName(user: (Named & { email?: string | null }) | null | undefined): string {
  const name = [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user?.email || '';
}

export interface NameValues {
  firstName: string;
  lastName: string;
}

/** What is wrong with the names as typed (checked trimmed, as the server does), by field. */
export function nameErrors(
  values: NameValues,
  T: Translation<typeof SETTINGS_TEXTS> = SETTINGS_TEXTS,
): Partial<Record<keyof NameValues, string>> {
  const errors: Partial<Record<keyof NameValues, string>> = {};
  const first = values.firstName.trim();
  const last = values.lastName.trim();
  if (!first) errors.firstName = T.firstNameRequired;
  else if (first.length > PROFILE_NAME_MAX) errors.firstName = T.firstNameTooLong;
  if (!last) errors.lastName = T.lastNameRequired;
  else if (last.length > PROFILE_NAME_MAX) errors.lastName = T.lastNameTooLong;
  return errors;
}

/** The server's 4xx by field, react-admin's `{ errors: { [field]: message } }`. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const errors = ((error as { body?: { errors?: unknown } } | null)?.body as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const found = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return Object.keys(found).length > 0 ? found : undefined;
}
