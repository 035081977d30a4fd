import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import type { CaregiverMessage } from './delivery.entity.js';
import type { EnqueueItem } from './delivery-queue.service.js';

const OPEN = `('queued', 'sending', 'sent')`;
/** What a DeliveryState carries besides id and status, from the row aliased `alias`. */
const STATE_COLUMNS = (alias: string) =>
  ['reminder_id', 'client_reminder_id', 'campaign_id', 'caregiver_id', 'client_id', 'occurrence_at', 'confirmed_at']
    .map((column) => `${alias}.${column}`)
    .join(', ');

/** A busy or unanswered call is tried again after this long, unless the delivery has its own wait. */
export const DEFAULT_RETRY_MINUTES = 10;

export interface ClaimScope {
  /** Only this broker's reminders (Execute Reminders). */
  brokerId?: string;
  /** Only campaign messages (the run a campaign send starts), and none while reminders are waiting. */
  campaignsOnly?: boolean;
}

/** A delivery after an outcome was applied (or found already applied), with what it belongs to. */
export interface DeliveryState {
  id: string;
  status: string;
  reminder_id: string | null;
  client_reminder_id: string | null;
  campaign_id: string | null;
  caregiver_id: string | null;
  client_id: string;
  occurrence_at: Date;
  confirmed_at: Date | null;
}

/**
 * An outcome that moves open deliveries: `set` is the SET clause, reading each delivery's own values
 * from `v`, whose `columns` (besides `id uuid`) are declared as for json_to_recordset ('error text').
 */
export interface OutcomeMove {
  columns: string[];
  set: string;
}
/** One delivery's values for an OutcomeMove: its id and the move's columns by name. */
export type OutcomeRow = { id: string } & Record<string, string | number | null>;

export interface ClaimedDelivery {
  id: string;
  /** A client reminder's message, encrypted at rest (decrypted only to send it). */
  client_message: string | null;
  /** Encrypted too; present only when the client asked for the name to be said. */
  medication_name: string | null;
  client_id: string;
  channel: 'voice' | 'sms' | 'email';
  /** Sends so far, this one included. */
  attempts: number;
  /** Set when the recipient is asked to confirm (see Delivery.confirmWithinMinutes). */
  confirm_within_minutes: number | null;
  campaign_id: string | null;
  caregiver_id: string | null;
  caregiver_message: CaregiverMessage | null;
  /** The caregiver's state now (null once the client removed them). */
  caregiver_status: string | null;
  /** An e-mail caregiver's links' token. */
  caregiver_token: string | null;
  client_first_name: string;
  client_last_name: string;
  client_phone: string;
  occurrence_at: Date;
  campaign_type: 'email' | 'sms' | null;
  /** A campaign's purpose: marketing needs marketing permission, informational any permission on the channel. */
  campaign_purpose: 'marketing' | 'informational' | null;
  subject: string | null;
  token: string | null;
  first_campaign_sms: boolean;
  agency_address: string;
  agency_phone: string;
  logo_url: string | null;
  primary_color: string;
  client_time_zone: string | null;
  /** The agency sells plans: its marketing carries the TPMO disclaimer. */
  sells_plans: boolean;
  tpmo_organizations: number | null;
  tpmo_plans: number | null;
  tpmo_disclaimer: string | null;
  client_zip: string | null;
  client_state: string | null;
  /** The client's language: every word the product adds to the message is in it. */
  client_language: Language;
  broker_time_zone: string;
  recipient: string;
  broker_id: string;
  reminder_id: string | null;
  client_reminder_id: string | null;
  message: string | null;
  agency_name: string;
  sponsor_message: string;
  broker_name: string;
  client_active: boolean;
  /** The agency's account is suspended by a platform admin: only its clients' own reminders go. */
  broker_suspended: boolean;
  /** The client paused their reminder after this occurrence was queued (a retry waiting, say). */
  reminder_paused: boolean;
}

/** A marketing message as it was sent, for the ten-year record. */
export interface ArchivedMessage {
  delivery: Pick<ClaimedDelivery, 'id' | 'broker_id' | 'campaign_id' | 'client_id' | 'channel' | 'recipient'>;
  subject: string | null;
  body: string;
}

/**
 * What composing a message needs, for the deliveries in the `claimed` CTE: the message (a client
 * reminder's still encrypted), the agency's branding, the campaign's subject and token.
 */
const COMPOSE_FROM_CLAIMED = `
  select claimed.id, claimed.client_id, claimed.channel, claimed.recipient, claimed.broker_id, claimed.reminder_id,
         claimed.client_reminder_id, claimed.campaign_id, claimed.attempts, claimed.confirm_within_minutes,
         claimed.caregiver_id, claimed.caregiver_message, claimed.occurrence_at, cg.status as caregiver_status, cg.token as caregiver_token, c.first_name as client_first_name, c.last_name as client_last_name, c.phone as client_phone,
         coalesce(r.message, k.message) as message, cr.message as client_message,
         case when cr.say_medication_name then med.name end as medication_name,
         k.type as campaign_type, k.purpose as campaign_purpose, k.subject, kr.token,
         (k.type = 'sms' and not exists (
            select 1 from deliveries p where p.client_id = claimed.client_id and p.campaign_id is not null
               and p.channel = 'sms' and p.status in ('sent', 'completed'))) as first_campaign_sms,
         u.agency_name, case when c.language = 'es' and u.sponsor_message_es <> '' then u.sponsor_message_es else u.sponsor_message end as sponsor_message,
         c.language as client_language, u.agency_address, u.agency_phone, u.logo_url, u.primary_color,
         u.sells_plans, u.tpmo_organizations, u.tpmo_plans, u.tpmo_disclaimer,
         u.time_zone as broker_time_zone, c.time_zone as client_time_zone, c.zip as client_zip, c.state as client_state,
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as broker_name, c.is_active as client_active,
         u.suspended_at is not null as broker_suspended, cr.paused_at is not null as reminder_paused
    from claimed
    join users u on u.id = claimed.broker_id
    join clients c on c.id = claimed.client_id
    left join reminders r on r.id = claimed.reminder_id
    left join client_reminders cr on cr.id = claimed.client_reminder_id
    left join medications med on med.id = cr.medication_id and med.client_id = cr.client_id
    left join caregivers cg on cg.id = claimed.caregiver_id and cg.client_id = claimed.client_id
    left join campaigns k on k.id = claimed.campaign_id
    left join campaign_recipients kr on kr.campaign_id = claimed.campaign_id and kr.client_id = claimed.client_id`;

/**
 * The SQL on `deliveries`, the delivery module's table: queueing, claiming (lanes, fairness, SKIP
 * LOCKED), moving a delivery forward and the claims of processes that died. Nothing outside this
 * module writes the table.
 */
@Injectable()
export class DeliveryRepository {
  constructor(private readonly em: EntityManager) {}

  async insertMany(items: EnqueueItem[], em: EntityManager = this.em): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into deliveries (id, broker_id, client_id, reminder_id, client_reminder_id, campaign_id, caregiver_id, caregiver_message, occurrence_at,
                               channel, recipient, lane, status, not_before, confirm_within_minutes, max_attempts, retry_channel)
       select gen_random_uuid(), d.broker_id, d.client_id,
              case when d.kind = 'broker-reminder' then d.source_id end,
              case when d.kind = 'client-reminder' then d.source_id end,
              case when d.kind = 'campaign' then d.source_id end,
              case when d.kind = 'caregiver' then d.source_id end, d.caregiver_message,
              d.occurrence_at, d.channel, d.recipient, case when d.kind = 'campaign' then 'campaign' else 'reminder' end, 'queued', d.not_before,
              d.confirm_within_minutes, coalesce(d.max_attempts, 2), d.retry_channel
         from json_to_recordset(?::json) as d(kind text, source_id uuid, broker_id uuid, client_id uuid, occurrence_at timestamptz,
                                              channel text, recipient text, not_before timestamptz,
                                              confirm_within_minutes smallint, max_attempts smallint, retry_channel text,
                                              caregiver_message text)
       on conflict do nothing
       returning id`,
      [
        JSON.stringify(
          items.map((item) => ({
            kind: item.kind,
            source_id: item.sourceId,
            broker_id: item.brokerId,
            client_id: item.clientId,
            occurrence_at: item.occurrenceAt.toISOString(),
            channel: item.channel,
            recipient: item.recipient,
            not_before: item.notBefore.toISOString(),
            confirm_within_minutes: item.confirm?.withinMinutes ?? null,
            max_attempts: item.confirm?.maxAttempts ?? null,
            retry_channel: item.confirm?.retryChannel ?? null,
            caregiver_message: item.caregiverMessage ?? null,
          })),
        ),
      ],
    );
    return rows.length;
  }

  /** Claims older than the timeout belong to a process that died: back to the queue (or failed after a retry). */
  async releaseAbandonedClaims(olderThan: Date): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update deliveries
          set status = case when attempts >= max_attempts then 'failed' else 'queued' end,
              error = 'The sending process stopped before finishing', claimed_at = null, updated_at = now()
        where status = 'sending' and claimed_at < ? returning id`,
      [olderThan],
    );
    return rows.length;
  }

  /**
   * Claims a batch of queued deliveries that are due, with what sending them needs. The reminder
   * lane comes first; what room is left goes to the campaign lane, shared between brokers: each
   * broker's oldest messages in turn (a round robin over the brokers with campaign work), so one
   * broker's 50,000-recipient campaign does not hold back another's 50. A broker's `execute` takes
   * only their own reminders; a campaign send's run takes only campaign messages. `now` decides what
   * is due; the claim is stamped `claimedAt` (the time abandoned claims are measured from).
   */
  async claim(now: Date, batch: number, scope: ClaimScope, claimedAt: Date): Promise<ClaimedDelivery[]> {
    // One transaction, so the rows locked while choosing stay locked until they are marked as sending.
    return this.em.transactional((em) => this.claimIn(em, now, batch, scope, claimedAt));
  }

  private async claimIn(em: EntityManager, now: Date, batch: number, scope: ClaimScope, claimedAt: Date): Promise<ClaimedDelivery[]> {
    // A campaigns-only run (the one a campaign's send starts) gives way while reminders are waiting:
    // the regular runs take them first, then the campaign's messages.
    if (scope.campaignsOnly && !scope.brokerId) {
      const [waiting] = await em.execute<{ any: boolean }[]>(
        `select exists (select 1 from deliveries where status = 'queued' and lane = 'reminder' and not_before <= ?) as any`,
        [now],
      );
      if (waiting.any) return [];
    }
    const brokerFilter = scope.brokerId ? 'and broker_id = ?' : '';
    const brokerParams = scope.brokerId ? [scope.brokerId] : [];
    const ids = scope.campaignsOnly
      ? []
      : (
          await em.execute<{ id: string }[]>(
            `select id from deliveries
              where status = 'queued' and lane = 'reminder' and not_before <= ? ${brokerFilter}
              order by not_before limit ? for update skip locked`,
            [now, ...brokerParams, batch],
          )
        ).map((row) => row.id);
    if (ids.length < batch && !(scope.brokerId && !scope.campaignsOnly)) {
      const room = batch - ids.length;
      // Candidates without locks (window functions cannot lock), then locked, skipping any another claim took.
      const candidates = await em.execute<{ id: string }[]>(
        `with recursive brokers as (
           (select broker_id from deliveries where status = 'queued' and lane = 'campaign' ${brokerFilter} order by broker_id limit 1)
           union all
           select (select d.broker_id from deliveries d
                    where d.status = 'queued' and d.lane = 'campaign' and d.broker_id > b.broker_id order by d.broker_id limit 1)
             from brokers b where b.broker_id is not null ${scope.brokerId ? 'and false' : ''}
         ), turns as (
           select head.id, head.not_before, row_number() over (partition by b.broker_id order by head.not_before, head.id) as turn
             from brokers b
             cross join lateral (
               select d.id, d.not_before from deliveries d
                where d.broker_id = b.broker_id and d.status = 'queued' and d.lane = 'campaign' and d.not_before <= ?
                order by d.not_before limit ?) head
            where b.broker_id is not null
         )
         select id from turns order by turn, not_before limit ?`,
        [...brokerParams, now, room, room],
      );
      if (candidates.length > 0) {
        const locked = await em.execute<{ id: string }[]>(
          `select id from deliveries where id in (?) and status = 'queued' for update skip locked`,
          [candidates.map((row) => row.id)],
        );
        ids.push(...locked.map((row) => row.id));
      }
    }
    return this.markSending(ids, claimedAt, em);
  }

  /**
   * Marks the given queued deliveries as sending (claimed at `claimedAt`) and answers them with what
   * composing them needs (the claim's last step, for ids already chosen and locked).
   */
  async markSending(ids: string[], claimedAt: Date, em: EntityManager = this.em): Promise<ClaimedDelivery[]> {
    if (ids.length === 0) return [];
    return em.execute<ClaimedDelivery[]>(
      `with claimed as (
         update deliveries d set status = 'sending', claimed_at = ?, attempts = d.attempts + 1, updated_at = now()
          where d.id in (?) and d.status = 'queued'
          returning d.*
       )
       ${COMPOSE_FROM_CLAIMED}`,
      [claimedAt, ids],
    );
  }

  /** A call being answered, with what composing it needs; undefined unless it is still open. */
  async forAnswer(id: string): Promise<ClaimedDelivery | undefined> {
    const [row] = await this.em.execute<ClaimedDelivery[]>(
      `with claimed as (select * from deliveries where id = ? and channel = 'voice' and status in ('sending', 'sent'))
       ${COMPOSE_FROM_CLAIMED}`,
      [id],
    );
    return row;
  }

  /**
   * Moves each delivery of `rows` that is still open by `outcome` and answers the state of every one
   * after, moved or not: one statement for any number of deliveries (the dispatcher writes the
   * outcomes of its concurrent sends together, so they share one commit). Unknown ids are left out.
   */
  async move(outcome: OutcomeMove, rows: OutcomeRow[], em: EntityManager = this.em): Promise<DeliveryState[]> {
    if (rows.length === 0) return [];
    const columns = ['id uuid', ...outcome.columns].join(', ');
    return em.execute<DeliveryState[]>(
      `with v as (select * from json_to_recordset(?::json) as v(${columns})),
       moved as (
         update deliveries d set ${outcome.set}, updated_at = now() from v where d.id = v.id and d.status in ${OPEN}
         returning d.id, d.status
       )
       select x.id, coalesce(moved.status, x.status) as status, ${STATE_COLUMNS('x')}
         from deliveries x join (select distinct id from v) ids on ids.id = x.id left join moved on moved.id = x.id`,
      // PostgreSQL's text holds no NUL character (a provider's error message might).
      [JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value))],
    );
  }

  /** Several moves in one transaction: one commit for all of them. */
  moveTogether(moves: [OutcomeMove, OutcomeRow[]][]): Promise<DeliveryState[]> {
    if (moves.length === 1) return this.move(...moves[0]);
    return this.em.transactional(async (em) => {
      const states: DeliveryState[] = [];
      for (const [outcome, rows] of moves) states.push(...(await this.move(outcome, rows, em)));
      return states;
    });
  }

  /**
   * Back to the queue for a retry while attempts remain (on the retry channel, if another), after the
   * delivery's wait for a confirmation, or 10 minutes; false when none remain.
   */
  async requeueForRetry(id: string, reason: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update deliveries set status = 'queued', error = ?, channel = coalesce(retry_channel, channel),
              not_before = ?::timestamptz + make_interval(mins => coalesce(confirm_within_minutes, ${DEFAULT_RETRY_MINUTES})),
              confirm_by = null, claimed_at = null, updated_at = now()
        where id = ? and status in ${OPEN} and attempts < max_attempts returning id`,
      [reason, now, id],
    );
    return rows.length > 0;
  }

  /**
   * Sent messages whose wait for a confirmation is over: sent again (on the retry channel) while
   * attempts remain, else ended as completed without a confirmation. Answers the ended ones.
   */
  async followUpUnconfirmed(now: Date): Promise<DeliveryState[]> {
    return this.em.execute<DeliveryState[]>(
      `with due as (
         select id, attempts < max_attempts as again from deliveries
          where confirm_by <= ? and status = 'sent' and confirmed_at is null
          order by confirm_by limit 1000 for update skip locked
       )
       update deliveries d
          set status = case when due.again then 'queued' else 'completed' end,
              channel = case when due.again then coalesce(d.retry_channel, d.channel) else d.channel end,
              not_before = case when due.again then ?::timestamptz else d.not_before end,
              error = case when due.again then 'Not confirmed: sent again' else 'Not confirmed' end,
              confirm_by = null, claimed_at = null, updated_at = now()
         from due where d.id = due.id
       returning d.id, d.status, ${STATE_COLUMNS('d')}`,
      [now, now],
    );
  }

  /**
   * Records a confirmation (once, at `at`). A message that asked for it is then complete, whatever
   * retry was still waiting; others only keep the time. Answers the state after, null for an unknown id.
   */
  async confirm(id: string, at: Date): Promise<DeliveryState | null> {
    const [row] = await this.em.execute<DeliveryState[]>(
      `update deliveries
          set confirmed_at = coalesce(confirmed_at, ?),
              status = case when confirm_within_minutes is not null and status in ${OPEN} then 'completed' else status end,
              confirm_by = null, updated_at = now()
        where id = ?
        returning id, status, ${STATE_COLUMNS('deliveries')}`,
      [at, id],
    );
    return row ?? null;
  }

  /**
   * The latest message to this phone number that asked for a confirmation and is still waiting for
   * it (a reply of 1 or YES confirms it).
   */
  async latestAwaitingConfirmation(recipient: string): Promise<string | undefined> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `select id from deliveries
        where recipient = ? and confirm_within_minutes is not null and confirmed_at is null and status in ${OPEN} and attempts > 0
        order by occurrence_at desc, created_at desc limit 1`,
      [recipient],
    );
    return row?.id;
  }

  /** Who answered a call (the provider's machine detection). */
  async setAnsweredBy(id: string, answeredBy: string): Promise<void> {
    await this.em.execute(`update deliveries set answered_by = ?, updated_at = now() where id = ?`, [answeredBy.slice(0, 40), id]);
  }

  /** Not now: back to the queue until `when`, without counting an attempt. */
  async deferUntil(id: string, when: Date): Promise<void> {
    await this.em.execute(
      `update deliveries set status = 'queued', not_before = ?, attempts = greatest(attempts - 1, 0), claimed_at = null, updated_at = now()
        where id = ? and status = 'sending'`,
      [when, id],
    );
  }

  /**
   * Back to the queue without a time (its agency's texts wait for its carrier registration): it
   * shows its reason, and is not claimed until `releaseHeld`.
   */
  async hold(id: string, reason: string, until: Date): Promise<void> {
    await this.em.execute(
      `update deliveries set status = 'queued', not_before = ?, error = ?, attempts = greatest(attempts - 1, 0), claimed_at = null, updated_at = now()
        where id = ? and status = 'sending'`,
      [until, reason, id],
    );
  }

  /**
   * The agency's held texts: those of a reminder whose time is before `staleBefore` are answered
   * (to be skipped), the rest go back to the queue now (the dispatcher's hours still apply).
   */
  async releaseHeld(brokerId: string, reason: string, now: Date, staleBefore: Date): Promise<{ released: number; stale: string[] }> {
    const stale = await this.em.execute<{ id: string }[]>(
      `select id from deliveries where broker_id = ? and status = 'queued' and error = ? and campaign_id is null and occurrence_at < ?`,
      [brokerId, reason, staleBefore],
    );
    const released = await this.em.execute<{ id: string }[]>(
      `update deliveries set not_before = ?, error = null, updated_at = now()
        where broker_id = ? and status = 'queued' and error = ? and not (id = any(?::uuid[])) returning id`,
      [now, brokerId, reason, `{${stale.map((row) => row.id).join(',')}}`],
    );
    return { released: released.length, stale: stale.map((row) => row.id) };
  }

  /** Keeps marketing messages as sent (marketing_messages, never deleted); one statement per batch. */
  async archiveMarketing(messages: ArchivedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.em.execute(
      `insert into marketing_messages (id, broker_id, campaign_id, delivery_id, client_id, channel, recipient, subject, body, sent_at)
       select gen_random_uuid(), m.broker_id, m.campaign_id, m.delivery_id, m.client_id, m.channel, m.recipient, m.subject, m.body, now()
         from json_to_recordset(?::json) as m(broker_id uuid, campaign_id uuid, delivery_id uuid, client_id uuid, channel text, recipient text, subject text, body text)
       on conflict (delivery_id) do nothing`,
      [
        JSON.stringify(
          messages.map(({ delivery, subject, body }) => ({
            broker_id: delivery.broker_id,
            campaign_id: delivery.campaign_id,
            delivery_id: delivery.id,
            client_id: delivery.client_id,
            channel: delivery.channel,
            recipient: delivery.recipient,
            subject,
            body,
          })),
        ),
      ],
    );
  }
}
