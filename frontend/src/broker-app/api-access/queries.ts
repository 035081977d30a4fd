/**
 * The query keys of the API access page. Only the listed tokens (never a secret), the activity and
 * the grantable scopes are cached; a new token's secret lives in the page's state until its dialog closes.
 */
export const API_TOKENS_KEY = ['api-tokens'] as const;
export const API_TOKEN_LIST_KEY = [...API_TOKENS_KEY, 'list'] as const;
export const API_TOKEN_ACTIVITY_KEY = [...API_TOKENS_KEY, 'activity'] as const;
export const API_TOKEN_SCOPES_KEY = ['api-token-scopes'] as const;

/** A broker's tokens as the admin sees them on the broker's detail page. */
export const brokerTokensKey = (brokerId: string) => ['admin', 'brokers', brokerId, 'tokens'] as const;

/** Expired: an expiry in the past. (Revoked tokens are not listed at all.) */
export function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now;
}
