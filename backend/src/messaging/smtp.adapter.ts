import type { Transporter } from 'nodemailer';

import { loadOnce } from '../common/load-once.js';
import { AddressRejectedError, type EmailMessage, type EmailSender, ProviderTimeoutError, type SendResult } from './messaging.ports.js';

/** E-mail through any SMTP server (SMTP_URL). */
export class SmtpAdapter implements EmailSender {
  /** The transport, made once nodemailer has loaded (the load starts with the adapter). */
  private readonly transport: () => Promise<Transporter>;
  private made: Transporter | undefined;
  private closed = false;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.transport = loadOnce(async () => {
      const nodemailer = (await import('nodemailer')).default;
      // Connecting, the greeting and every later wait on the socket each get the provider timeout.
      this.made = nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      });
      // Closed while it loaded: closed as soon as it exists.
      if (this.closed) this.made.close();
      return this.made;
    });
    // Loaded ahead of the first e-mail; a failure shows (and is retried) when one is sent.
    this.transport().catch(() => undefined);
  }

  async sendEmail(message: EmailMessage): Promise<SendResult> {
    const transport = await this.transport();
    const info = await transport
      .sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers, ...(message.deliveryId ? { 'X-CareKeep-Delivery': message.deliveryId } : {}) },
      })
      .catch((error: unknown) => {
        const failure = error as { code?: unknown; responseCode?: unknown; response?: unknown; rejected?: unknown };
        if (failure.code === 'ETIMEDOUT') throw new ProviderTimeoutError('The SMTP server', this.timeoutMs);
        // A permanent refusal of the recipient (5xx at RCPT TO): a hard bounce.
        if (failure.code === 'EENVELOPE' && typeof failure.responseCode === 'number' && failure.responseCode >= 500) {
          throw new AddressRejectedError(message.to, String(failure.response ?? failure.responseCode));
        }
        throw error;
      });
    return { providerId: info.messageId, status: 'completed' };
  }

  close(): void {
    this.closed = true;
    this.made?.close();
  }
}
