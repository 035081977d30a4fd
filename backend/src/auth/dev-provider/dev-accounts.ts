/** The demo accounts offered as one-click sign-ins; the demo seed creates users with the same e-mails. */
export const DEMO_ACCOUNTS = [
  { label: 'Demo broker', email: 'dana.whitfield@example.com', givenName: 'Dana', familyName: 'Whitfield' },
  { label: 'Demo admin', email: 'admin@example.com', givenName: 'Avery', familyName: 'Admin' },
] as const;

export interface DevClaims {
  sub: string;
  email: string;
  email_verified: true;
  given_name: string;
  family_name: string;
  name: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = raw.trim().toLowerCase();
  return EMAIL.test(email) && email.length <= 254 ? email : undefined;
}

function capitalize(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * Claims for an e-mail: the demo accounts' real names, otherwise a name guessed from the local
 * part ("jane.doe@" → Jane Doe). The subject is the e-mail itself, so it never changes.
 */
export function claimsFor(email: string): DevClaims {
  const demo = DEMO_ACCOUNTS.find((account) => account.email === email);
  const [first = 'New', ...rest] = (email.split('@')[0] ?? '').split(/[._+-]+/).filter(Boolean).map(capitalize);
  const givenName = demo?.givenName ?? first;
  const familyName = demo?.familyName ?? (rest.join(' ') || 'Broker');
  return {
    sub: email,
    email,
    email_verified: true,
    given_name: givenName,
    family_name: familyName,
    name: `${givenName} ${familyName}`,
  };
}
