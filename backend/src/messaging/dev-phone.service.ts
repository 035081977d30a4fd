import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

import { isUuid } from '../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { devOutboxInUse } from './dev-outbox-use.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { loadTwilio, WEBHOOK_PATHS } from './twilio.adapter.js';

/** What the person at the other end does, from the development outbox. */
export type PhoneAnswer =
  { action: 'reply'; text: string } | { action: 'key'; digits: string } | { action: 'voicemail' } | { action: 'no-answer' };

/** The number the development outbox's texts and calls come from (what Twilio's would be). */
export const DEV_PHONE_NUMBER = '+15005550006';

/** What the development phone heard back: the texts and spoken sentences of the app's answer. */
export interface PhoneHeard {
  heard: string[];
}

/**
 * The development outbox's phone: without Twilio, a broker trying CareKeep (or a developer) answers
 * an outgoing text or call as its recipient would — a reply, a key pressed during a call, a
 * voicemail, no answer — and the answer goes through the same webhook routes, checks and code as
 * Twilio's, signed the same way (X-Twilio-Signature) with a secret of this process. Only while calls
 * and texts go to the outbox, never in production, and only for the broker's own messages.
 */
@Injectable()
export class DevPhone {
  /** This process's stand-in for Twilio's auth token: made at start, never stored or shown. */
  private readonly token = randomBytes(32).toString('hex');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** The secret the Twilio webhooks check signatures with while the phone stands in for Twilio; undefined otherwise. */
  signingToken(): string | undefined {
    return this.inUse() ? this.token : undefined;
  }

  private inUse(): boolean {
    return !this.config.messaging.twilio && devOutboxInUse(this.config);
  }

  /** Whether the outbox is offered at all (404 otherwise): outside production, while a channel has no provider. */
  outboxInUse(): boolean {
    return devOutboxInUse(this.config);
  }

  /**
   * A client's own development outbox, newest first: what went to them (their reminders, their
   * broker's reminders and campaigns) and to their caregivers (invitations and alerts). Health data
   * of their own, behind their own session; no broker sees the caregivers' messages. With `onlyId`, that one
   * message if it is theirs.
   */
  async clientMessages(clientId: string, limit = 100, onlyId?: string): Promise<OutboxMessage[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from (
         select o.id, o.created_at from outbox_messages o join deliveries d on d.id = o.delivery_id where d.client_id = ?
         union
         select o.id, o.created_at from outbox_messages o
           join caregivers c on c.client_id = ? and (o.recipient = c.phone or o.recipient = c.email)
          where o.broker_id is null
       ) mine ${onlyId ? 'where id = ?' : ''} order by created_at desc limit ?`,
      onlyId ? [clientId, clientId, onlyId, limit] : [clientId, clientId, limit],
    );
    if (rows.length === 0) return [];
    const byId = new Map((await this.em.find(OutboxMessage, { id: { $in: rows.map((row) => row.id) } })).map((m) => [m.id, m]));
    return rows.map((row) => byId.get(row.id)).filter((message): message is OutboxMessage => Boolean(message));
  }

  /** Answers a broker's own text or call (`brokerId`), or one of a client's (`clientId`). */
  async answer(owner: { brokerId: string } | { clientId: string }, messageId: string, answer: PhoneAnswer): Promise<PhoneHeard> {
    if (!this.inUse()) throw new NotFoundException('The development phone answers only while calls and texts go to the outbox');
    const message = !isUuid(messageId)
      ? null
      : 'brokerId' in owner
        ? await this.em.findOne(OutboxMessage, { id: messageId, brokerId: owner.brokerId })
        : ((await this.clientMessages(owner.clientId, 1, messageId))[0] ?? null);
    if (!message || (message.channel !== 'sms' && message.channel !== 'voice')) throw new NotFoundException('No such text or call');
    const calls: { path: string; form: Record<string, string> }[] = [];
    const delivery = message.deliveryId ? `?delivery=${message.deliveryId}` : '';
    const callSid = `CA${randomUUID().replaceAll('-', '')}`;
    if (message.channel === 'sms') {
      if (answer.action !== 'reply') throw new BadRequestException({ message: 'A text is answered with a reply', field: 'action' });
      const text = answer.text.trim();
      if (!text || text.length > 1600) throw new BadRequestException({ message: 'text must be 1 to 1600 characters', field: 'text' });
      calls.push({
        path: WEBHOOK_PATHS.smsInbound,
        form: { From: message.recipient, To: DEV_PHONE_NUMBER, Body: text, MessageSid: `SM${randomUUID().replaceAll('-', '')}` },
      });
    } else if (!message.deliveryId) {
      throw new BadRequestException({ message: 'Only a reminder call can be answered', field: 'action' });
    } else if (answer.action === 'key') {
      if (!/^[0-9*#]$/.test(answer.digits))
        throw new BadRequestException({ message: 'digits must be one key: 0–9, * or #', field: 'digits' });
      const language = await this.clientLanguage(message.deliveryId);
      calls.push(
        { path: `${WEBHOOK_PATHS.voiceAnswer}${delivery}`, form: { CallSid: callSid, To: message.recipient, AnsweredBy: 'human' } },
        {
          path: `${WEBHOOK_PATHS.voiceGather}${delivery}&lang=${language}`,
          form: { CallSid: callSid, To: message.recipient, Digits: answer.digits },
        },
        { path: `${WEBHOOK_PATHS.voiceStatus}${delivery}`, form: { CallSid: callSid, To: message.recipient, CallStatus: 'completed' } },
      );
    } else if (answer.action === 'voicemail') {
      calls.push(
        {
          path: `${WEBHOOK_PATHS.voiceAnswer}${delivery}`,
          form: { CallSid: callSid, To: message.recipient, AnsweredBy: 'machine_end_beep' },
        },
        { path: `${WEBHOOK_PATHS.voiceStatus}${delivery}`, form: { CallSid: callSid, To: message.recipient, CallStatus: 'completed' } },
      );
    } else if (answer.action === 'no-answer') {
      calls.push({
        path: `${WEBHOOK_PATHS.voiceStatus}${delivery}`,
        form: { CallSid: callSid, To: message.recipient, CallStatus: 'no-answer' },
      });
    } else {
      throw new BadRequestException({ message: 'A call is answered with a key, a voicemail or no answer', field: 'action' });
    }
    // A call answered by a person hears its script (the outbox keeps it as it was composed at the send).
    const heard: string[] = message.channel === 'voice' && answer.action === 'key' ? message.body.split('\n').filter(Boolean) : [];
    for (const call of calls) heard.push(...(await this.post(call.path, call.form)));
    return { heard };
  }

  private async clientLanguage(deliveryId: string): Promise<string> {
    const [row] = await this.em.execute<{ language: string }[]>(
      'select c.language from deliveries d join clients c on c.id = d.client_id where d.id = ?',
      [deliveryId],
    );
    return row?.language ?? 'en';
  }

  /** Posts a signed form to one of the app's own Twilio webhooks, as Twilio would; answers what it said back. */
  private async post(path: string, form: Record<string, string>): Promise<string[]> {
    const sdk = await loadTwilio();
    // Signed over the public address, as Twilio signs; sent to this server's own port.
    const signature = sdk.getExpectedTwilioSignature(this.token, `${this.config.appUrl}${path}`, form);
    const { port } = this.adapterHost.httpAdapter.getHttpServer().address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
      body: new URLSearchParams(form).toString(),
    });
    if (!response.ok) throw new Error(`The development phone's ${path} answered ${response.status}`);
    const xml = await response.text();
    return [...xml.matchAll(/<(?:Message|Say)[^>]*>([^<]*)<\/(?:Message|Say)>/g)].map((match) => decodeXml(match[1]));
  }
}

function decodeXml(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');
}
