import { SmtpAdapter } from '../src/messaging/smtp.adapter.js';
import { SmtpStandIn } from './helpers/smtp-stand-in.js';

describe('SMTP adapter against a real SMTP server', () => {
  const smtp = new SmtpStandIn();
  const received = smtp.received;
  let url: string;

  beforeAll(async () => {
    url = await smtp.start();
  });
  afterAll(() => smtp.stop());

  it('delivers a message with sender, recipient, subject, text and HTML', async () => {
    const adapter = new SmtpAdapter(url, 'Harbor Senior Insurance <agency@harbor.example>');
    const result = await adapter.sendEmail({
      to: 'ruth@example.com',
      subject: 'Your plan review',
      text: 'See you Friday.',
      html: '<p>See you <b>Friday</b>.</p>',
      purpose: 'campaign',
      deliveryId: '3f6d2a4e-0000-4000-8000-000000000001',
    });
    adapter.close();
    expect(result.status).toBe('completed');
    expect(result.providerId).toMatch(/@/);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('agency@harbor.example');
    expect(received[0].to).toEqual(['ruth@example.com']);
    const raw = received[0].raw;
    expect(raw).toMatch(/^Subject: Your plan review\r$/m);
    expect(raw).toMatch(/^From: Harbor Senior Insurance <agency@harbor.example>\r$/m);
    expect(raw).toMatch(/^X-CareKeep-Delivery: 3f6d2a4e-0000-4000-8000-000000000001\r$/im);
    expect(raw).toContain('Content-Type: multipart/alternative');
    expect(raw).toContain('See you Friday.');
    expect(raw).toContain('<p>See you <b>Friday</b>.</p>');
  });

  it('fails loudly when the server refuses', async () => {
    const adapter = new SmtpAdapter('smtp://127.0.0.1:1', 'a@b.example');
    await expect(adapter.sendEmail({ to: 'x@example.com', subject: 's', text: 't', purpose: 'campaign' })).rejects.toThrow();
    adapter.close();
  });
});
