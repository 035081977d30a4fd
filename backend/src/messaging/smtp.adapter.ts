import nodemailer, { type Transporter } from 'nodemailer';

import { AddressRejectedError, type EmailMessage, type EmailSender, ProviderTimeoutError, type SendResult } from './messaging.ports.js';

/** E-mail through any SMTP server (SMTP_URL). */
export class SmtpAdapter implements EmailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly timeoutMs = 10_000,
  ) {
    // Connecting, the greeting and every later wait on the socket each get the provider timeout.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  async sendEmail(message: EmailMessage): Promise<SendResult> {
    const info = await this.transport
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
    this.transport.close();
  }
}
