import type { CurrentUser } from '../types.ts';
import { PROFILE_NAME_MAX, SETTINGS_TEXTS as T } from './texts.ts';

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
export function nameErrors(values: NameValues): Partial<Record<keyof NameValues, string>> {
  const errors: Partial<Record<keyof NameValues, string>> = {};
  const first = values.firstName.trim();
  const last = values.lastName.trim();
  if (!first) errors.firstName = T.firstNameRequired;
  else if (first.length > PROFILE_NAME_MAX) errors.firstName = T.firstNameTooLong;
  if (!last) errors.lastName = T.lastNameRequired;
  else if (last.length > PROFILE_NAME_MAX) errors.lastName = T.lastNameTooLong;
  return errors;
}

/**
 * The server's 400 by field: `{ errors: [{ field, messages }] }` from validation, or
 * `{ field, message }` from a check in the service (the agency phone).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const body = (error as { body?: unknown } | null)?.body as
    { message?: unknown; field?: unknown; errors?: { field?: unknown; messages?: unknown }[] } | undefined;
  if (!body || typeof body !== 'object') return undefined;
  const found: Record<string, string> = {};
  for (const item of Array.isArray(body.errors) ? body.errors : []) {
    if (typeof item.field === 'string' && Array.isArray(item.messages) && typeof item.messages[0] === 'string') {
      found[item.field] = item.messages[0];
    }
  }
  if (typeof body.field === 'string' && typeof body.message === 'string') found[body.field] = body.message;
  return Object.keys(found).length > 0 ? found : undefined;
}
