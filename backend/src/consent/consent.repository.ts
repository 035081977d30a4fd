import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import { bookCondition, type ClientBook } from '../members/book.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import type { ConsentPurpose, ConsentSource } from './consent.entity.js';

/** One event to append, for every client × channel × purpose given. */
export interface ConsentEventInput {
  clientIds: string[];
  channels: Channel[];
  purposes: ConsentPurpose[];
  optedIn: boolean;
  source: ConsentSource;
  evidence?: string | null;
  actor?: string | null;
  ip?: string | null;
  /** When it happened, if not now (a renewal link opened earlier is still recorded now). */
  at?: Date;
}

/** A client's latest event on one channel and purpose. */
export interface LatestConsent {
  client_id: string;
  channel: Channel;
  purpose: ConsentPurpose;
  opted_in: boolean;
  source: ConsentSource;
  recorded_at: Date;
}

export interface ConsentEventRow {
  id: string;
  channel: Channel;
  purpose: ConsentPurpose;
  opted_in: boolean;
  source: ConsentSource;
  evidence: string | null;
  actor: string | null;
  ip: string | null;
  recorded_at: Date;
}

/**
 * The SQL on `consents`, the consent module's append-only table (nothing updates or deletes a row).
 * Finding the clients behind a phone number or an e-mail address reads `clients`.
 */
@Injectable()
export class ConsentRepository {
  constructor(private readonly em: EntityManager) {}

  async append(event: ConsentEventInput, em: EntityManager = this.em): Promise<number> {
    if (event.clientIds.length === 0 || event.channels.length === 0 || event.purposes.length === 0) return 0;
    const result = await em.execute<QueryResult>(
      `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor, ip, recorded_at)
       select c.id, ch.channel, p.purpose, ?, ?, ?, ?, ?, coalesce(?::timestamptz, clock_timestamp())
         from unnest(?::uuid[]) as c(id) cross join unnest(?::text[]) as ch(channel) cross join unnest(?::text[]) as p(purpose)`,
      [
        event.optedIn,
        event.source,
        event.evidence ?? null,
        event.actor ?? null,
        event.ip ?? null,
        event.at ?? null,
        `{${event.clientIds.join(',')}}`,
        `{${event.channels.join(',')}}`,
        `{${event.purposes.join(',')}}`,
      ],
      'run',
    );
    return result.affectedRows;
  }

  /** The latest event of each of these clients per channel and purpose. */
  async latest(clientIds: string[]): Promise<LatestConsent[]> {
    if (clientIds.length === 0) return [];
    return this.em.execute<LatestConsent[]>(
      `select distinct on (client_id, channel, purpose) client_id, channel, purpose, opted_in, source, recorded_at
         from consents where client_id = any(?::uuid[])
        order by client_id, channel, purpose, recorded_at desc, id desc`,
      [`{${clientIds.join(',')}}`],
    );
  }

  /** A client's events, newest first. */
  async events(clientId: string, limit = 200): Promise<ConsentEventRow[]> {
    return this.em.execute<ConsentEventRow[]>(
      `select id, channel, purpose, opted_in, source, evidence, actor, ip, recorded_at
         from consents where client_id = ? order by recorded_at desc, id desc limit ?`,
      [clientId, limit],
    );
  }

  /** Every client (of any broker) with this phone, or this e-mail in any case. */
  async clientsWithAddress(address: string, channel: Channel): Promise<string[]> {
    const column = channel === 'email' ? 'lower(email)' : 'phone';
    const rows = await this.em.execute<{ id: string }[]>(`select id from clients where ${column} = ?`, [
      channel === 'email' ? address.toLowerCase() : address,
    ]);
    return rows.map((row) => row.id);
  }

  /** The book's active clients whose marketing permission lapses within `days` (or lapsed), earliest first. */
  lapsing(book: ClientBook, months: number, days: number): Promise<LapsingRow[]> {
    const inBook = bookCondition(book);
    return this.em.execute<LapsingRow[]>(
      `with latest as (
         select distinct on (k.client_id, k.channel) k.client_id, k.opted_in, k.recorded_at
           from consents k join clients c on c.id = k.client_id
          where ${inBook.sql} and c.is_active and k.purpose = 'marketing'
          order by k.client_id, k.channel, k.recorded_at desc, k.id desc
       )
       select l.client_id, c.first_name, c.last_name, min(l.recorded_at) + make_interval(months => ?) as expires_at,
              (select max(r.created_at) from consent_renewals r where r.client_id = l.client_id) as renewal_sent_at
         from latest l join clients c on c.id = l.client_id
        where l.opted_in
        group by l.client_id, c.first_name, c.last_name
       having min(l.recorded_at) + make_interval(months => ?) <= now() + make_interval(days => ?)
        order by expires_at, c.last_name, c.first_name
        limit 500`,
      [...inBook.params, months, months, days],
    );
  }

  /** The open renewal request behind a link's token (not answered, not expired). */
  async renewalByToken(tokenHash: string): Promise<OpenRenewal | undefined> {
    const [row] = await this.em.execute<OpenRenewal[]>(
      `select r.id, r.client_id, r.message, c.language, u.primary_color,
              coalesce(nullif(u.agency_name, ''), case c.language when 'es' then 'Su agencia' else 'Your agency' end) as agency_name
         from consent_renewals r join users u on u.id = r.broker_id join clients c on c.id = r.client_id
        where r.token_hash = ? and r.answered_at is null and r.expires_at > now()`,
      [tokenHash],
    );
    return row;
  }

  /** The latest open renewal request texted to this number. */
  async renewalForPhone(phone: string): Promise<OpenRenewal | undefined> {
    const [row] = await this.em.execute<OpenRenewal[]>(
      `select r.id, r.client_id, r.message, c.language, u.primary_color,
              coalesce(nullif(u.agency_name, ''), case c.language when 'es' then 'Su agencia' else 'Your agency' end) as agency_name
         from consent_renewals r join users u on u.id = r.broker_id join clients c on c.id = r.client_id
        where r.recipient = ? and r.channel = 'sms' and r.answered_at is null and r.expires_at > now()
        order by r.created_at desc limit 1`,
      [phone],
    );
    return row;
  }

  /** Marks a request answered; false when it already was (a second click or reply). */
  async answerRenewal(id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update consent_renewals set answered_at = now() where id = ? and answered_at is null returning id`,
      [id],
    );
    return rows.length > 0;
  }
}

export interface LapsingRow {
  client_id: string;
  first_name: string;
  last_name: string;
  expires_at: string;
  renewal_sent_at: string | null;
}

export interface OpenRenewal {
  id: string;
  client_id: string;
  message: string;
  agency_name: string;
  primary_color: string;
  /** The client's language: the renewal pages and answers speak it. */
  language: Language;
}
