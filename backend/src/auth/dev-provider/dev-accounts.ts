/** The demo accounts offered as one-click sign-ins; the demo seed creates users with the same e-mails. */
export const DEMO_ACCOUNTS = [
  { label: 'Demo broker', email: 'dana.whitfield@example.com', givenName: 'Dana', familyName: 'Whitfield' },
  { label: 'Demo admin', email: 'admin@example.com', givenName: 'Avery', familyName: 'Admin' },
] as const;

export interface DevClaims {
  sub: string;
  email: string;
  email_verified: true;
  given_name?: string;
  family_name?: string;
  name?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = raw.trim().toLowerCase();
  return EMAIL.test(email) && email.length <= 254 ? email : undefined;
}

/**
 * Claims for an e-mail: the demo accounts' real names; any other address has no name, as with a
 * provider that knows none (the app then asks for it once, in the profile step). The subject is
 * the e-mail itself, so it never changes.
 */
export function claimsFor(email: string): DevClaims {
  const demo = DEMO_ACCOUNTS.find((account) => account.email === email);
  const claims: DevClaims = { sub: email, email, email_verified: true };
  if (!demo) return claims;
  return { ...claims, given_name: demo.givenName, family_name: demo.familyName, name: `${demo.givenName} ${demo.familyName}` };
}
