import Stripe from 'stripe';

import type { AppConfig } from '../config/config.js';

type StripeSettings = NonNullable<AppConfig['billing']['stripe']>;

/** The Stripe client for the configured account (or a local stand-in at STRIPE_API_BASE_URL in tests). */
export function createStripe(settings: StripeSettings): Stripe {
  const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
  return new Stripe(settings.secretKey, {
    telemetry: false,
    maxNetworkRetries: 1,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
