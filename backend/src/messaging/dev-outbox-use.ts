import type { AppConfig } from '../config/config.js';

/**
 * Whether the development outbox is offered: outside production, while calls and texts (no Twilio)
 * or e-mail (no SMTP) go to it. The broker app shows its menu item only then.
 */
export function devOutboxInUse(config: Pick<AppConfig, 'nodeEnv' | 'messaging'>): boolean {
  const { twilio, smtpUrl } = config.messaging;
  return config.nodeEnv !== 'production' && (!twilio || !smtpUrl);
}
