import type Stripe from 'stripe';

import { loadOnce } from '../common/load-once.js';
import type { AppConfig } from '../config/config.js';

type StripeSettings = NonNullable<AppConfig['billing']['stripe']>;

/** Stripe's SDK, loaded where Stripe is configured (local billing mode does without it). */
const loadStripe = loadOnce(async () => (await import('stripe')).default);

/** The Stripe client for the configured account (or a local stand-in at STRIPE_API_BASE_URL in tests). */
export async function createStripe(settings: StripeSettings): Promise<Stripe> {
  const StripeClient = await loadStripe();
  const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
  return new StripeClient(settings.secretKey, {
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
