import type twilio from 'twilio';

import { loadOnce } from '../common/load-once.js';
import type { AppConfig } from '../config/config.js';
import {
  ProviderTimeoutError,
  type SendResult,
  type SmsMessage,
  type SmsSender,
  type VoiceCall,
  type VoiceSender,
} from './messaging.ports.js';

type TwilioSettings = NonNullable<AppConfig['messaging']['twilio']>;

/** Twilio's SDK, loaded where Twilio is configured (the development outbox does without it). */
export const loadTwilio = loadOnce(async () => (await import('twilio')).default);

/** Twilio's own HTTP client, pointed at another base address (a local stand-in in tests). */
function rebasedRequestClient(sdk: typeof twilio, baseUrl: string, timeout: number): twilio.RequestClient {
  return new (class extends sdk.RequestClient {
    override request<T>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: T }) {
      return super.request<T>({ ...opts, uri: opts.uri.replace(/^https:\/\/[a-z.]+\.twilio\.com/, baseUrl) });
    }
  })({ timeout });
}

/** A Twilio client made once its SDK has loaded (pointed at TWILIO_API_BASE_URL when set). */
export function twilioClient(settings: TwilioSettings, timeoutMs: number): () => Promise<twilio.Twilio> {
  return loadOnce(async () => {
    const sdk = await loadTwilio();
    return sdk(settings.accountSid, settings.authToken, {
      timeout: timeoutMs,
      ...(settings.apiBaseUrl ? { httpClient: rebasedRequestClient(sdk, settings.apiBaseUrl.replace(/\/+$/, ''), timeoutMs) } : {}),
    });
  });
}

export const WEBHOOK_PATHS = {
  voiceAnswer: '/api/webhooks/twilio/voice-answer',
  voiceStatus: '/api/webhooks/twilio/voice-status',
  voiceGather: '/api/webhooks/twilio/voice-gather',
  smsStatus: '/api/webhooks/twilio/sms-status',
  smsInbound: '/api/webhooks/twilio/sms-inbound',
} as const;

/**
 * Reminder calls and texts through Twilio. A call waits for Twilio's answering-machine detection
 * (DetectMessageEnd) and then asks the answer webhook what to say, so a person hears the reminder
 * and a machine only who called (the script is composed there, per delivery, never sent ahead).
 * Outcomes come back to the status callbacks.
 */
export class TwilioAdapter implements SmsSender, VoiceSender {
  /** Twilio's client, made once its SDK has loaded (the load starts with the adapter). */
  private readonly client: () => Promise<twilio.Twilio>;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly appUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.client = twilioClient(settings, timeoutMs);
    // Loaded ahead of the first call or text; a failure shows (and is retried) when one is sent.
    this.client().catch(() => undefined);
  }

  /** Twilio's client reports a request that took too long as ECONNABORTED/ETIMEDOUT. */
  private async withTimeout<T>(request: (client: twilio.Twilio) => Promise<T>): Promise<T> {
    const client = await this.client();
    try {
      return await request(client);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') throw new ProviderTimeoutError('Twilio', this.timeoutMs);
      throw error;
    }
  }

  private callbackUrl(path: string, deliveryId?: string): string {
    return `${this.appUrl}${path}${deliveryId ? `?delivery=${encodeURIComponent(deliveryId)}` : ''}`;
  }

  async sendCall(call: VoiceCall): Promise<SendResult> {
    const created = await this.withTimeout((client) =>
      client.calls.create({
        to: call.to,
        from: this.settings.fromNumber,
        url: this.callbackUrl(WEBHOOK_PATHS.voiceAnswer, call.deliveryId),
        method: 'POST',
        statusCallback: this.callbackUrl(WEBHOOK_PATHS.voiceStatus, call.deliveryId),
        statusCallbackEvent: ['completed'],
        statusCallbackMethod: 'POST',
        machineDetection: 'DetectMessageEnd',
      }),
    );
    return { providerId: created.sid, status: 'sent' };
  }

  async sendSms(message: SmsMessage): Promise<SendResult> {
    const created = await this.withTimeout((client) =>
      client.messages.create({
        to: message.to,
        // An agency's texts go through its registered messaging service, which picks its number.
        ...(message.messagingServiceSid ? { messagingServiceSid: message.messagingServiceSid } : { from: this.settings.fromNumber }),
        body: message.body,
        statusCallback: this.callbackUrl(WEBHOOK_PATHS.smsStatus, message.deliveryId),
      }),
    );
    return { providerId: created.sid, status: 'sent' };
  }
}

/** Whether a callback really comes from Twilio: its signature over the public URL and the form fields. */
export async function isValidTwilioRequest(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, unknown>,
): Promise<boolean> {
  if (!signature) return false;
  return (await loadTwilio()).validateRequest(authToken, signature, url, params as Record<string, string>);
}
