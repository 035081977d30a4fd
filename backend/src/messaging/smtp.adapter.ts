import nodemailer, { type Transporter } from 'nodemailer';

import { type EmailMessage, type EmailSender, ProviderTimeoutError, type SendResult } from './messaging.ports.js';

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
        if ((error as { code?: unknown }).code === 'ETIMEDOUT') throw new ProviderTimeoutError('The SMTP server', this.timeoutMs);
        throw error;
      });
    return { providerId: info.messageId, status: 'completed' };
  }

  close(): void {
    this.transport.close();
  }
}
