import type { ApiTokenActivityKind, ApiTokenExpiry } from '../types.ts';
import { plural } from '../ui/format.ts';

/** The longest token name the server takes. */
export const TOKEN_NAME_MAX = 80;
/** What a new token's expiry starts as. */
export const EXPIRY_DEFAULT: ApiTokenExpiry = 90;
/** The API's own documentation (served by the backend). */
export const API_DOCS_PATH = '/api/docs';

/** The API access page (/api-access): personal access tokens, made, shown once, listed and revoked. */
export const API_ACCESS_TEXTS = {
  title: 'API access',
  subtitle: 'Tokens let your own tools, such as a CRM or a spreadsheet, use the CareKeep API as you.',
  docsLink: 'Read the API documentation',
  createToken: 'Create token',
  tokensTitle: 'Your tokens',
  loadFailed: 'Could not load your tokens',
  retry: 'Try again',
  emptyTitle: 'No tokens yet',
  emptyBody: 'Create a token to let a tool you use read or change your CareKeep data. You choose what it may do and when it expires.',

  columns: {
    name: 'Name',
    token: 'Token',
    scopes: 'Scopes',
    created: 'Created',
    lastUsed: 'Last used',
    expires: 'Expires',
    actions: 'Actions',
  },
  never: 'Never',
  expired: 'Expired',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke “${name}”`,
  tokenLabel: (name: string) => `Token “${name}”`,

  createTitle: 'Create a token',
  createIntro: 'Give it a name you will know it by, and only the scopes your tool needs.',
  nameLabel: 'Name',
  nameHelp: `For example, “My CRM” (up to ${TOKEN_NAME_MAX} characters)`,
  nameRequired: 'Enter a name',
  nameTooLong: `Use ${TOKEN_NAME_MAX} characters or fewer`,
  scopesLabel: 'Scopes',
  scopesHelp: 'What the token may do.',
  scopesRequired: 'Choose at least one scope',
  scopesFailed: 'Could not load the scopes',
  expiresLabel: 'Expires',
  cancel: 'Cancel',
  create: 'Create',
  createFailed: 'Could not create the token',

  secretTitle: 'Your new token',
  secretFor: (name: string) => `Token “${name}”`,
  secretWarning: 'Copy this token now. You will not be able to see it again.',
  secretLabel: 'Token',
  copy: 'Copy',
  copied: 'Copied',
  copiedDescription: 'The token is on your clipboard.',
  copyFailed: 'Could not copy the token',
  copyFailedDescription: 'Select the token and copy it yourself.',
  done: 'Done',

  revokeTitle: 'Revoke token',
  revokeConfirm: (name: string) => `Revoke “${name}”? Anything using it stops working at once.`,
  revoked: 'Token revoked',
  revokedDescription: (name: string) => `“${name}” no longer works.`,
  revokeFailed: 'Could not revoke the token',

  activityTitle: 'Recent activity',
  activityEmpty: 'Nothing yet. Creating, using and revoking tokens shows here.',
  activityFailed: 'Could not load the activity',
} as const;

/** The admin's card on a broker's detail page: that broker's tokens, which the admin may revoke. */
export const ADMIN_TOKENS_TEXTS = {
  title: 'API tokens',
  count: (n: number) => plural(n, 'token'),
  empty: 'This broker has no API tokens.',
  loadFailed: 'Could not load this broker’s tokens',
} as const;

/** How long a new token lasts. */
export const EXPIRY_OPTIONS: readonly { value: ApiTokenExpiry; label: string }[] = [
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '365 days' },
  { value: null, label: 'No expiry' },
];

/** What happened to a token, in words. */
export const ACTIVITY_KIND_LABELS: Record<ApiTokenActivityKind, string> = {
  created: 'Created',
  first_use: 'First used',
  refused: 'Refused',
  rate_limited: 'Rate limited',
  revoked: 'Revoked',
};

/**
 * A scope's description. English is the server's own text; another language has its words for the
 * scopes it knows and falls back to the server's for any other.
 */
export function scopeDescription(_scope: string, serverText: string): string {
  return serverText;
}
