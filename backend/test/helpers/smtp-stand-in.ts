import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message, headers unfolded. */
  raw: string;
}

/** Decodes a MIME part's body by its Content-Transfer-Encoding. */
function decodePart(headers: string, body: string): string {
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** The decoded part of a message with this content type (text/plain, text/html), or '' when it has none. */
export function mailPart(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  for (const part of mail.raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (new RegExp(`^Content-Type:\\s*${type.replace('/', '\\/')}`, 'im').test(headers))
      return decodePart(
        headers,
        part
          .slice(split)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n--[^\r\n]*--\s*$/, ''),
      );
  }
  return '';
}

/** A header's value (unfolded), or undefined. */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  return new RegExp(`^${name}: (.*?)\\r?$`, 'im').exec(mail.raw)?.[1];
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  /** Mailboxes that do not exist here: refused at RCPT TO with 550, as a hard bounce. */
  readonly unknownMailboxes = new Set<string>();
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (!this.unknownMailboxes.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData: (stream, session, done) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        this.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          // Long headers are folded (CRLF + space); unfolded here.
          raw: raw.replace(/\r\n(?=[ \t])/g, ''),
        });
        done();
      });
    },
  });

  /** Starts listening; answers the smtp:// URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What reached this address, in order. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }
}
