import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, EmailSender, SendResult } from './messaging.ports.js';

/** E-mail through any SMTP server (SMTP_URL). */
export class SmtpAdapter implements EmailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async sendEmail(message: EmailMessage): Promise<SendResult> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { ...message.headers, ...(message.deliveryId ? { 'X-CareKeep-Delivery': message.deliveryId } : {}) },
    });
    return { providerId: info.messageId, status: 'completed' };
  }

  close(): void {
    this.transport.close();
  }
}
