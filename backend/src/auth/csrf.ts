import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { bearerOf } from '../api-tokens/bearer.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF protection for the API: a request that can change state must say it comes from the app's
 * own origin (Origin header, or Referer when a browser sends no Origin). Paths under an exempt
 * prefix (provider webhooks, verified by signature instead) are let through, and so are requests
 * with a bearer token: it carries no ambient credential a browser would add on another site's behalf
 * (the access guard then ignores any session cookie on them).
 */
export function sameOriginOnly(appUrl: string, exemptPrefixes: readonly string[] = []): RequestHandler {
  const allowed = new URL(appUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (
      SAFE_METHODS.has(req.method) ||
      bearerOf(req.get('authorization')) !== undefined ||
      exemptPrefixes.some((prefix) => req.originalUrl.startsWith(prefix))
    ) {
      return next();
    }
    const origin = originOf(req.get('origin')) ?? originOf(req.get('referer'));
    if (origin === allowed) return next();
    res.status(403).json({ statusCode: 403, message: 'Request refused: it did not come from this site.' });
  };
}

/**
 * Provider webhooks prove themselves with signatures; unsubscribe links and caregivers' answer pages
 * with their unguessable per-recipient token (mail apps' one-click unsubscribe POSTs carry no Origin).
 */
export const CSRF_EXEMPT_PREFIXES = ['/api/webhooks/', '/api/billing/webhook', '/api/u/', '/api/caregiver/', '/api/consent/renew/'];
