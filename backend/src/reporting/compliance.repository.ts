import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { consentStateSql } from '../consent/consent-sql.js';

export interface StateRow {
  state: string | null;
  granted: number;
  revoked: number;
  expired: number;
  unknown: number;
}
export interface SourceRow {
  source: string;
  granted: number;
  revoked: number;
}
export interface ReasonRow {
  reason: string;
  count: number;
}
export interface ChannelRow {
  channel: string;
  count: number;
}
/** A marketing call or text that went out: when, and what tells where the client is. */
export interface MarketingSendRow {
  sent_at: string;
  channel: string;
  recipient: string;
  client_time_zone: string | null;
  client_zip: string | null;
  client_state: string | null;
  client_phone: string;
  broker_time_zone: string;
}

/**
 * The SQL of the compliance report, over one broker's clients and a period: the consent ledger
 * (consents), what was sent or skipped (deliveries) and the marketing record (marketing_messages).
 * Read-only.
 */
@Injectable()
export class ComplianceRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The broker's active clients by state (as recorded, else unknown) and their marketing permission
   * now: granted on at least one channel, else revoked, else lapsed, else never given.
   */
  consentsByState(brokerId: string, marketingMonths: number): Promise<StateRow[]> {
    const state = (channel: string) => consentStateSql('c.id', `'${channel}'`, `'marketing'`, marketingMonths);
    return this.em.execute<StateRow[]>(
      `with per_client as (
         select c.state, array[${state('voice')}, ${state('sms')}, ${state('email')}] as states
           from clients c where c.broker_id = ? and c.is_active
       ), summary as (
         select state, case when 'granted' = any(states) then 'granted' when 'revoked' = any(states) then 'revoked'
                            when 'expired' = any(states) then 'expired' else 'unknown' end as marketing
           from per_client
       )
       select state, count(*) filter (where marketing = 'granted')::int as granted, count(*) filter (where marketing = 'revoked')::int as revoked,
              count(*) filter (where marketing = 'expired')::int as expired, count(*) filter (where marketing = 'unknown')::int as unknown
         from summary group by state order by state nulls last`,
      [brokerId],
    );
  }

  /** Ledger events of the period by how they came about (a client's event on several channels counts once). */
  eventsBySource(brokerId: string, from: Date, to: Date): Promise<SourceRow[]> {
    return this.em.execute<SourceRow[]>(
      `with events as (
         select distinct k.client_id, k.source, k.opted_in, date_trunc('second', k.recorded_at) as at
           from consents k join clients c on c.id = k.client_id
          where c.broker_id = ? and k.recorded_at >= ? and k.recorded_at < ?
       )
       select source, count(*) filter (where opted_in)::int as granted, count(*) filter (where not opted_in)::int as revoked
         from events group by source order by source`,
      [brokerId, from, to],
    );
  }

  /**
   * Marketing messages sent after the client revoked marketing on that channel (and before any new
   * permission): the ledger is asked before every send, so this must be 0.
   */
  async sendsAfterRevocation(brokerId: string, from: Date, to: Date): Promise<number> {
    const [row] = await this.em.execute<{ count: number }[]>(
      `select count(*)::int as count from deliveries d
        where d.broker_id = ? and d.campaign_id is not null and d.status in ('sent', 'completed') and d.claimed_at >= ? and d.claimed_at < ?
          and exists (
            select 1 from consents k
             where k.client_id = d.client_id and k.channel = d.channel and k.purpose = 'marketing' and not k.opted_in and k.recorded_at < d.claimed_at
               and not exists (select 1 from consents g where g.client_id = k.client_id and g.channel = k.channel and g.purpose = 'marketing'
                                and g.opted_in and g.recorded_at > k.recorded_at and g.recorded_at < d.claimed_at))`,
      [brokerId, from, to],
    );
    return row?.count ?? 0;
  }

  /** The period's skipped messages (reminders and campaigns) by reason. */
  skippedByReason(brokerId: string, from: Date, to: Date): Promise<ReasonRow[]> {
    return this.em.execute<ReasonRow[]>(
      `select coalesce(error, 'Skipped') as reason, count(*)::int as count
         from deliveries where broker_id = ? and status = 'skipped' and created_at >= ? and created_at < ?
         and client_reminder_id is null and caregiver_id is null
        group by 1 order by 2 desc, 1`,
      [brokerId, from, to],
    );
  }

  /** Marketing messages kept as sent in the period, by channel. */
  marketingSent(brokerId: string, from: Date, to: Date): Promise<ChannelRow[]> {
    return this.em.execute<ChannelRow[]>(
      `select channel, count(*)::int as count from marketing_messages where broker_id = ? and sent_at >= ? and sent_at < ?
        group by channel order by channel`,
      [brokerId, from, to],
    );
  }

  /** The period's marketing calls and texts that went out, with where each client is. */
  marketingCallsAndTexts(brokerId: string, from: Date, to: Date): Promise<MarketingSendRow[]> {
    return this.em.execute<MarketingSendRow[]>(
      `select d.claimed_at as sent_at, d.channel, d.recipient, c.time_zone as client_time_zone, c.zip as client_zip, c.state as client_state,
              c.phone as client_phone, u.time_zone as broker_time_zone
         from deliveries d join clients c on c.id = d.client_id join users u on u.id = d.broker_id
        where d.broker_id = ? and d.campaign_id is not null and d.channel in ('sms', 'voice') and d.status in ('sent', 'completed')
          and d.claimed_at >= ? and d.claimed_at < ?`,
      [brokerId, from, to],
    );
  }
}
