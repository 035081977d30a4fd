import { createHash } from 'node:crypto';

/** A header's bearer token, or undefined when the request does not carry one. */
export function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S*)\s*$/i.exec(authorization ?? '');
  return match ? match[1] : undefined;
}

/** How a token is found: the hex SHA-256 of its whole secret (tokens are random, so no salt or slow hash is needed). */
export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
