import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** An active client of an audience with what their zone and a sequence's date triggers need. */
export interface AudienceClientRow {
  client_id: string;
  email: string | null;
  phone: string;
  time_zone: string | null;
  zip: string | null;
  state: string | null;
  date_of_birth: string | null;
  plan_type: string | null;
  plan_effective_date: string | null;
  broker_time_zone: string;
}

/** An enrollment whose next step is due, with its client's zone facts. */
export interface DueEnrollmentRow extends Pick<AudienceClientRow, 'phone' | 'time_zone' | 'zip' | 'state' | 'broker_time_zone'> {
  id: string;
  client_id: string;
  occurrence: string;
  next_step: number;
  created_at: Date;
  client_active: boolean;
}

/** One step's figures over a sequence's step rows. */
export interface StepFiguresRow {
  parent_id: string;
  step: number;
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
}

/** A reply counts for the campaign text it answers when it comes within this many days of it. */
export const REPLY_WINDOW_DAYS = 14;

const uuidArray = (ids: string[] | null) => (ids === null ? null : `{${ids.join(',')}}`);

/**
 * The SQL behind scheduled campaigns and sequences: the audience with what date triggers read,
 * enrollments (`campaign_enrollments`), a sequence's step rows and their figures, and replies.
 */
@Injectable()
export class CampaignSequencesRepository {
  constructor(private readonly em: EntityManager) {}

  /** The broker's active clients (only `clientIds` when given), with their zone's facts and date-trigger facts. */
  audienceClients(em: EntityManager, brokerId: string, clientIds: string[] | null): Promise<AudienceClientRow[]> {
    const ids = uuidArray(clientIds);
    return em.execute<AudienceClientRow[]>(
      `select c.id as client_id, c.email, c.phone, c.time_zone, c.zip, c.state,
              to_char(c.date_of_birth, 'YYYY-MM-DD') as date_of_birth, c.plan_type,
              to_char(c.plan_effective_date, 'YYYY-MM-DD') as plan_effective_date, u.time_zone as broker_time_zone
         from clients c join users u on u.id = c.broker_id
        where c.broker_id = ? and c.is_active and (?::uuid[] is null or c.id = any(?::uuid[]))`,
      [brokerId, ids, ids],
    );
  }

  /** Zone facts of the named clients (for a scheduled campaign's recipients). */
  zoneFacts(em: EntityManager, clientIds: string[]): Promise<AudienceClientRow[]> {
    if (clientIds.length === 0) return Promise.resolve([]);
    return em.execute<AudienceClientRow[]>(
      `select c.id as client_id, c.email, c.phone, c.time_zone, c.zip, c.state, null as date_of_birth, null as plan_type,
              null as plan_effective_date, u.time_zone as broker_time_zone
         from clients c join users u on u.id = c.broker_id
        where c.id = any(?::uuid[])`,
      [uuidArray(clientIds)],
    );
  }

  /** Locks a campaign in `status` for this run; another run holding it is skipped (answers false). */
  async lock(em: EntityManager, campaignId: string, statuses: string[]): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(`select id from campaigns where id = ? and status in (?) for update skip locked`, [
      campaignId,
      statuses,
    ]);
    return rows.length === 1;
  }

  /** Campaigns of these statuses, parents only. */
  async idsByStatus(em: EntityManager, statuses: string[], now: Date): Promise<string[]> {
    // Only brokers who may send (active, or a trial not yet ended, and not suspended), as for reminders:
    // a lapsed subscription's scheduled campaigns and sequences wait until it is usable again.
    const rows = await em.execute<{ id: string }[]>(
      `select k.id from campaigns k join users u on u.id = k.broker_id
        where k.status in (?) and k.parent_id is null and u.suspended_at is null
          and (u.subscription_status = 'active' or (u.subscription_status = 'trial' and u.trial_ends_at > ?))
        order by k.created_at`,
      [statuses, now],
    );
    return rows.map((row) => row.id);
  }

  /** Enrolls the clients in their occurrences, their first step due at `nextAt`; an occurrence already enrolled is left alone. */
  async enroll(em: EntityManager, campaignId: string, brokerId: string, rows: { clientId: string; occurrence: string }[], nextAt: Date) {
    if (rows.length === 0) return 0;
    const inserted = await em.execute<{ id: string }[]>(
      `insert into campaign_enrollments (id, campaign_id, broker_id, client_id, occurrence, next_step, next_at, status)
       select gen_random_uuid(), ?, ?, r.client_id, r.occurrence, 1, ?, 'active'
         from json_to_recordset(?::json) as r(client_id uuid, occurrence text)
       on conflict do nothing
       returning id`,
      [campaignId, brokerId, nextAt, JSON.stringify(rows.map((row) => ({ client_id: row.clientId, occurrence: row.occurrence })))],
    );
    return inserted.length;
  }

  /** The clients already enrolled in `joined` (they are not enrolled again). */
  async joinedClientIds(em: EntityManager, campaignId: string): Promise<Set<string>> {
    const rows = await em.execute<{ client_id: string }[]>(
      `select client_id from campaign_enrollments where campaign_id = ? and occurrence = 'joined'`,
      [campaignId],
    );
    return new Set(rows.map((row) => row.client_id));
  }

  /** The sequence's enrollments whose next step is due at `now`, locked. */
  due(em: EntityManager, campaignId: string, now: Date): Promise<DueEnrollmentRow[]> {
    return em.execute<DueEnrollmentRow[]>(
      `select e.id, e.client_id, e.occurrence, e.next_step, e.created_at, c.is_active as client_active,
              c.phone, c.time_zone, c.zip, c.state, u.time_zone as broker_time_zone
         from campaign_enrollments e join clients c on c.id = e.client_id join users u on u.id = c.broker_id
        where e.campaign_id = ? and e.status = 'active' and e.next_at <= ?
        order by e.next_at
        for update of e skip locked`,
      [campaignId, now],
    );
  }

  /** Of these clients, those who clicked or replied to a step before `step` of the sequence in `season`. */
  async engaged(em: EntityManager, parentId: string, season: number, step: number, clientIds: string[]): Promise<Set<string>> {
    if (clientIds.length === 0) return new Set();
    const rows = await em.execute<{ client_id: string }[]>(
      `select distinct kr.client_id
         from campaigns k join campaign_recipients kr on kr.campaign_id = k.id
        where k.parent_id = ? and k.season = ? and k.step < ? and kr.client_id = any(?::uuid[])
          and (kr.clicked_at is not null or kr.replied_at is not null)`,
      [parentId, season, step, uuidArray(clientIds)],
    );
    return new Set(rows.map((row) => row.client_id));
  }

  /** A step's row of the sequence for a season, if made already. */
  async stepRowId(em: EntityManager, parentId: string, step: number, season: number): Promise<string | undefined> {
    const [row] = await em.execute<{ id: string }[]>(`select id from campaigns where parent_id = ? and step = ? and season = ? limit 1`, [
      parentId,
      step,
      season,
    ]);
    return row?.id;
  }

  /**
   * Adds the clients (active, with an address for the channel) as recipients of a step row, each
   * with their tracking token; one already there is left alone. Answers those added, with their address.
   */
  async addRecipients(
    em: EntityManager,
    campaignId: string,
    type: 'email' | 'sms',
    clientIds: string[],
  ): Promise<{ client_id: string; address: string }[]> {
    if (clientIds.length === 0) return [];
    const address = type === 'email' ? 'c.email' : 'c.phone';
    const rows = await em.execute<{ client_id: string; address: string }[]>(
      `with eligible as (
         select c.id as client_id, ${address} as address from clients c
          where c.id = any(?::uuid[]) and c.is_active and ${address} is not null and ${address} <> ''
       ), added as (
         insert into campaign_recipients (id, campaign_id, client_id, token)
         select gen_random_uuid(), ?, client_id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') from eligible
         on conflict do nothing
         returning client_id
       )
       select e.client_id, e.address from eligible e join added a on a.client_id = e.client_id`,
      [uuidArray(clientIds), campaignId],
    );
    if (rows.length > 0)
      await em.execute(`update campaigns set recipient_count = recipient_count + ? where id = ?`, [rows.length, campaignId]);
    return rows;
  }

  /** Ends these enrollments early, for a reason (engaged, inactive, finished). */
  async stop(em: EntityManager, ids: string[], reason: string): Promise<void> {
    if (ids.length === 0) return;
    await em.execute(`update campaign_enrollments set status = 'stopped', stop_reason = ?, next_at = null where id = any(?::uuid[])`, [
      reason,
      uuidArray(ids),
    ]);
  }

  /** Moves enrollments on to their next step at `nextAt`, or finishes them (null: that was the last step). */
  async advance(em: EntityManager, ids: string[], nextStep: number, nextAt: Date | null): Promise<void> {
    if (ids.length === 0) return;
    await em.execute(
      nextAt
        ? `update campaign_enrollments set next_step = ?, next_at = ? where id = any(?::uuid[])`
        : `update campaign_enrollments set next_step = ?, status = 'finished', next_at = ? where id = any(?::uuid[])`,
      [nextStep, nextAt, uuidArray(ids)],
    );
  }

  /** The broker ended the sequence: every enrollment still under way stops. */
  async stopAll(em: EntityManager, campaignId: string, reason: string): Promise<void> {
    await em.execute(
      `update campaign_enrollments set status = 'stopped', stop_reason = ?, next_at = null where campaign_id = ? and status = 'active'`,
      [reason, campaignId],
    );
  }

  /** Per step, over all of a sequence's step rows: recipients, and how many opened, clicked and replied. */
  stepFigures(parentIds: string[]): Promise<StepFiguresRow[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    return this.em.execute<StepFiguresRow[]>(
      `select k.parent_id, k.step, count(kr.id)::int as sent, count(kr.opened_at)::int as opened,
              count(kr.clicked_at)::int as clicked, count(kr.replied_at)::int as replied
         from campaigns k left join campaign_recipients kr on kr.campaign_id = k.id
        where k.parent_id = any(?::uuid[])
        group by k.parent_id, k.step`,
      [uuidArray(parentIds)],
    );
  }

  /** Per sequence: clients who entered it, and per step the enrollments stopped there because the client engaged. */
  async enrollmentFigures(
    parentIds: string[],
  ): Promise<{ enrolled: Map<string, number>; skipped: { campaign_id: string; step: number; skipped: number }[] }> {
    if (parentIds.length === 0) return { enrolled: new Map(), skipped: [] };
    const ids = uuidArray(parentIds);
    const [enrolled, skipped] = await Promise.all([
      this.em.execute<{ campaign_id: string; enrolled: number }[]>(
        `select campaign_id, count(distinct client_id)::int as enrolled from campaign_enrollments
          where campaign_id = any(?::uuid[]) group by campaign_id`,
        [ids],
      ),
      this.em.execute<{ campaign_id: string; step: number; skipped: number }[]>(
        `select campaign_id, next_step as step, count(*)::int as skipped from campaign_enrollments
          where campaign_id = any(?::uuid[]) and stop_reason = 'engaged' group by campaign_id, next_step`,
        [ids],
      ),
    ]);
    return { enrolled: new Map(enrolled.map((row) => [row.campaign_id, row.enrolled])), skipped };
  }

  /**
   * A text came from `phone` at `at`: marks the reply on the most recent campaign text sent to a
   * client with that number in the REPLY_WINDOW_DAYS before it (the first reply counts).
   */
  async markReplied(phone: string, at: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update campaign_recipients set replied_at = coalesce(replied_at, ?)
        where id = (
          select kr.id
            from clients c
            join campaign_recipients kr on kr.client_id = c.id
            join campaigns k on k.id = kr.campaign_id and k.type = 'sms'
            join deliveries d on d.campaign_id = kr.campaign_id and d.client_id = kr.client_id
           where c.phone = ? and d.status in ('sent', 'completed')
             and coalesce(d.claimed_at, d.updated_at) between ?::timestamptz - make_interval(days => ?) and ?
           order by coalesce(d.claimed_at, d.updated_at) desc
           limit 1)
        returning id`,
      [at, phone, at, REPLY_WINDOW_DAYS, at],
    );
    return rows.length > 0;
  }
}
