import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import { escapeLike } from '../common/like.js';
import { hotReadRows } from '../database/hot-reads.js';
import { LIVE_CHANNEL } from '../live/live-event.js';
import type { ClientBook } from '../members/book.js';
import type { LastSent } from './inbox-rules.js';
import type { ThreadSender } from './inbox-thread.entity.js';

/** Whose an inbound text is: the agency, and the client it is (or whose caregiver wrote). */
export interface InboundOwner {
  agencyId: string;
  /** Null: a number none of the agency's clients or caregivers has, that texted the agency's own number. */
  clientId: string | null;
  sender: ThreadSender;
  /** The client's language (a caregiver is answered in the client's); English for a number of no client. */
  language: Language;
}

export interface ThreadFilter {
  unread?: boolean;
  /** Assigned to this member. */
  assignedTo?: string;
  needsReply?: boolean;
  /** Waiting for a reply since before this moment (the agency's promise, docs/messaging.md "Office hours"). */
  waitingBefore?: Date;
  optedOut?: boolean;
  status?: 'open' | 'done';
  /** Words of a name, a number or a message. */
  q?: string;
  range?: { start: number; end: number };
}

export interface ThreadRow {
  total: number;
  id: string;
  phone: string;
  sender: ThreadSender;
  client_id: string | null;
  client_name: string | null;
  client_language: string | null;
  assigned_member_id: string | null;
  assigned_member_name: string | null;
  status: 'open' | 'done';
  last_message_at: Date;
  preview: string | null;
  last_direction: string | null;
  last_inbound_at: Date | null;
  unread_count: number;
  needs_reply_since: Date | null;
  opted_out_at: Date | null;
  done_at: Date | null;
}

export interface TimelineRow {
  id: string;
  source: 'inbox' | 'reminder' | 'campaign' | 'invitation';
  direction: 'in' | 'out' | 'event';
  kind: string;
  channel: string;
  body: string | null;
  status: string | null;
  member_name: string | null;
  at: Date;
}

const THREAD_COLUMNS = `t.id, t.phone, t.sender, t.client_id,
  case when t.sender = 'client' then trim(c.first_name || ' ' || c.last_name) end as client_name,
  case when t.sender = 'client' then c.language end as client_language,
  t.assigned_member_id, nullif(trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')), '') as assigned_member_name,
  t.status, t.last_message_at, t.preview, t.last_direction, t.last_inbound_at, t.unread_count, t.needs_reply_since, t.opted_out_at, t.done_at`;

const THREAD_FROM = `inbox_threads t left join clients c on c.id = t.client_id left join members m on m.id = t.assigned_member_id`;

/**
 * The condition keeping threads to a member's book: the agency's, or — for an agent kept to their
 * own clients — the threads of their clients only (a number that is not a client's belongs to no
 * agent's book: owners, assistants and agents who see the whole book answer it).
 */
function bookOf(book: ClientBook): { sql: string; params: unknown[] } {
  // A thread that holds only texts kept for the client (no entry the agency may read) is no thread of the agency's.
  return book.assignedTo
    ? {
        sql: `t.agency_id = ? and t.last_direction is not null and t.sender = 'client' and c.assigned_member_id = ?`,
        params: [book.agencyId, book.assignedTo],
      }
    : { sql: 't.agency_id = ? and t.last_direction is not null', params: [book.agencyId] };
}

function conditions(book: ClientBook, filter: ThreadFilter): { where: string; params: unknown[] } {
  const inBook = bookOf(book);
  const parts = [inBook.sql];
  const params = [...inBook.params];
  if (filter.unread !== undefined) parts.push(filter.unread ? 't.unread_count > 0' : 't.unread_count = 0');
  if (filter.assignedTo) {
    parts.push('t.assigned_member_id = ?');
    params.push(filter.assignedTo);
  }
  if (filter.needsReply !== undefined) parts.push(filter.needsReply ? 't.needs_reply_since is not null' : 't.needs_reply_since is null');
  if (filter.waitingBefore) {
    parts.push('t.needs_reply_since < ?');
    params.push(filter.waitingBefore);
  }
  if (filter.optedOut !== undefined) parts.push(filter.optedOut ? 't.opted_out_at is not null' : 't.opted_out_at is null');
  if (filter.status) {
    parts.push('t.status = ?');
    params.push(filter.status);
  }
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const digits = q.replace(/\D/g, '');
    parts.push(`((t.sender = 'client' and lower(c.first_name || ' ' || c.last_name) like ?)
      ${digits.length >= 3 ? 'or t.phone like ?' : ''}
      or exists (select 1 from inbox_messages im where im.thread_id = t.id and not im.private and lower(im.body) like ?))`);
    params.push(like, ...(digits.length >= 3 ? [`%${digits}%`] : []), like);
  }
  return { where: parts.join(' and '), params };
}

/**
 * The inbox's reads and writes in SQL. A page of the thread list is one statement (its count and
 * its rows, newest message first) over `inbox_threads_agency_last_idx`.
 */
@Injectable()
export class InboxRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Tells the agency's open apps that a thread changed (live updates, topic `inbox`: the thread, its
   * client and whom the client is assigned to, never its words); delivered when `em`'s transaction commits.
   */
  async notifyChanged(em: EntityManager, threadId: string): Promise<void> {
    await em.execute(
      `select pg_notify(?, json_build_object('agencyId', t.agency_id, 'topic', 'inbox', 'clientId', t.client_id,
                                              'assignedTo', c.assigned_member_id, 'id', t.id)::text)
         from inbox_threads t left join clients c on c.id = t.client_id where t.id = ?`,
      [LIVE_CHANNEL, threadId],
      'run',
    );
  }

  /**
   * Which agency an inbound text belongs to — the one place that decides it. A text to an agency's
   * own number (A2P 10DLC, `agency_numbers`) is that agency's: the sender is looked for among its
   * clients, then its clients' caregivers, else it is a number of its own ("Not a client"). A text
   * to the platform's number: the sender's number among all clients (the newest client with it, as
   * a HELP reply names the agency), else among the clients' caregivers. Undefined: no agency (the
   * text is logged, never stored).
   */
  async agencyOfInbound(to: string, from: string, em: EntityManager = this.em): Promise<InboundOwner | undefined> {
    // One statement (it runs for every inbound text): the agency's own number if it is one, then
    // the sender among the clients (of that agency only, if so), then among their caregivers.
    const [owner] = await em.execute<{ agency_id: string; client_id: string | null; sender: ThreadSender; language: Language }[]>(
      `with numbered as (select broker_id from agency_numbers where e164 = ? and status <> 'released' limit 1)
       select agency_id, client_id, sender, language from (
         (select c.broker_id as agency_id, c.id as client_id, 'client' as sender, c.language, 1 as rank
            from clients c
           where c.phone = ? and (c.broker_id = (select broker_id from numbered) or not exists (select 1 from numbered))
           order by c.created_at desc limit 1)
         union all
         (select c.broker_id, c.id, 'other', c.language, 2
            from caregivers g join clients c on c.id = g.client_id
           where g.phone = ? and (c.broker_id = (select broker_id from numbered) or not exists (select 1 from numbered))
           order by g.created_at desc limit 1)
         union all
         select broker_id, null, 'other', 'en', 3 from numbered
       ) found order by rank limit 1`,
      [to.trim(), from, from],
    );
    return owner ? { agencyId: owner.agency_id, clientId: owner.client_id, sender: owner.sender, language: owner.language } : undefined;
  }

  /**
   * A text the agency may read, stored in one statement (it runs for every inbound text): the
   * thread made or brought up to date under the row lock of its upsert — the newest message's time
   * and words kept whatever the order two texts are saved in, one more unread, the oldest text
   * waiting for a reply kept, a thread marked done opened again — the message, and the live update.
   * Answers the thread's id.
   */
  async storeText(owner: InboundOwner, from: string, body: string, at: Date): Promise<string> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `with thread as (
         insert into inbox_threads as t (id, agency_id, phone, sender, client_id, last_message_at, preview, last_direction, last_inbound_at,
                                         unread_count, needs_reply_since, status, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, left(?, 200), 'in', ?, 1, ?, 'open', ?, ?)
         on conflict (agency_id, phone) do update set
           last_message_at = greatest(t.last_message_at, excluded.last_message_at),
           preview = case when excluded.last_message_at >= t.last_message_at then excluded.preview else t.preview end,
           last_direction = case when excluded.last_message_at >= t.last_message_at then 'in' else t.last_direction end,
           last_inbound_at = greatest(t.last_inbound_at, excluded.last_inbound_at),
           unread_count = t.unread_count + 1,
           needs_reply_since = least(t.needs_reply_since, excluded.needs_reply_since),
           status = 'open', done_at = null, updated_at = excluded.updated_at
         returning t.id, t.agency_id, t.client_id
       ), message as (
         insert into inbox_messages (id, thread_id, direction, kind, body, private, created_at)
         select gen_random_uuid(), id, 'in', 'text', ?, false, ? from thread
       )
       select thread.id, pg_notify(?, json_build_object('agencyId', thread.agency_id, 'topic', 'inbox', 'clientId', thread.client_id,
                                                         'assignedTo', c.assigned_member_id, 'id', thread.id)::text)
         from thread left join clients c on c.id = thread.client_id`,
      [owner.agencyId, from, owner.sender, owner.clientId, at, body, at, at, at, at, body, at, LIVE_CHANNEL],
    );
    return row.id;
  }

  /** The texts of a thread the agency may read that came after `at`: how many, and the first one's time. */
  async textsSince(threadId: string, at: Date, em: EntityManager = this.em): Promise<{ count: number; first: Date | null }> {
    const [row] = await em.execute<{ count: number; first: Date | null }[]>(
      `select count(*)::int as count, min(created_at) as first from inbox_messages
        where thread_id = ? and direction = 'in' and not private and created_at > ?`,
      [threadId, at],
    );
    return { count: row?.count ?? 0, first: row?.first ? new Date(row.first) : null };
  }

  /**
   * Claims the thread's auto-reply of the agency's `day` and records it as being sent: at most one
   * a day per thread (two texts at the same moment: one claims it, the other finds it claimed),
   * none once the number opted out. Answers the message's id, or undefined when it is not to go.
   */
  async claimAutoReply(threadId: string, day: string, body: string, at: Date): Promise<string | undefined> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `with claimed as (
         update inbox_threads set auto_replied_on = ?
          where id = ? and opted_out_at is null and auto_replied_on is distinct from ?::date
          returning id
       )
       insert into inbox_messages (id, thread_id, direction, kind, body, status, private, created_at)
       select gen_random_uuid(), id, 'out', 'auto_reply', ?, 'sending', false, ? from claimed
       returning id`,
      [day, threadId, day, body, at],
      'all',
    );
    return row?.id;
  }

  /**
   * The last message to a number about a client, and whose it was: a delivery of the client's own
   * reminder or to a caregiver is the client's; a broker's reminder, a campaign message or a reply
   * from the inbox is the agency's.
   */
  async lastSentTo(clientId: string | null, phone: string, em: EntityManager = this.em): Promise<LastSent | undefined> {
    if (!clientId) return undefined;
    const [row] = await em.execute<{ owner: 'agency' | 'client'; at: Date }[]>(
      `select owner, at from (
         (select case when d.client_reminder_id is not null or d.caregiver_id is not null then 'client' else 'agency' end as owner,
                 coalesce(d.claimed_at, d.created_at) as at
            from deliveries d
           where d.client_id = ? and d.recipient = ? and d.channel in ('sms', 'voice') and d.status in ('sending', 'sent', 'completed')
           order by coalesce(d.claimed_at, d.created_at) desc limit 1)
         union all
         (select 'agency', im.created_at from inbox_threads t join inbox_messages im on im.thread_id = t.id
           where t.phone = ? and t.client_id = ? and im.direction = 'out' and im.status = 'sent'
           order by im.created_at desc limit 1)
       ) last order by at desc limit 1`,
      [clientId, phone, phone, clientId],
    );
    return row ? { owner: row.owner, at: new Date(row.at) } : undefined;
  }

  async listPage(book: ClientBook, filter: ThreadFilter): Promise<ThreadRow[]> {
    const { where, params } = conditions(book, filter);
    const range = filter.range ?? { start: 0, end: 24 };
    return hotReadRows<ThreadRow>(
      this.em,
      `select n.total, p.*
         from (select count(*)::int as total from ${THREAD_FROM} where ${where}) n
         left join lateral (
           select ${THREAD_COLUMNS} from ${THREAD_FROM} where ${where}
            order by t.last_message_at desc, t.id desc limit ? offset ?
         ) p on true
        order by p.last_message_at desc, p.id desc`,
      [...params, ...params, range.end - range.start + 1, range.start],
    );
  }

  async findVisible(book: ClientBook, id: string, em: EntityManager = this.em): Promise<Omit<ThreadRow, 'total'> | undefined> {
    const inBook = bookOf(book);
    const [row] = await em.execute<Omit<ThreadRow, 'total'>[]>(
      `select ${THREAD_COLUMNS} from ${THREAD_FROM} where ${inBook.sql} and t.id = ?`,
      [...inBook.params, id],
    );
    return row;
  }

  /** How many threads of the book have messages nobody has read. */
  async unreadThreads(book: ClientBook): Promise<number> {
    const inBook = bookOf(book);
    const [row] = await this.em.execute<{ count: number }[]>(
      `select count(*)::int as count from inbox_threads t left join clients c on c.id = t.client_id where ${inBook.sql} and t.unread_count > 0`,
      inBook.params,
    );
    return row?.count ?? 0;
  }

  /** How many threads of the book have waited for a reply since before `before`. */
  async waitingSince(book: ClientBook, before: Date): Promise<number> {
    const { where, params } = conditions(book, { waitingBefore: before });
    const [row] = await this.em.execute<{ count: number }[]>(`select count(*)::int as count from ${THREAD_FROM} where ${where}`, params);
    return row?.count ?? 0;
  }

  /**
   * A thread's timeline, newest first: its texts and events (never a private one), and for a
   * client, what the agency sent them — its reminders and campaign messages (their words are the
   * agency's own, generic by rule) and portal invitations. The client's own reminders and their
   * caregivers' texts are not the agency's and are not read here.
   */
  async timeline(thread: { id: string; client_id: string | null; sender: ThreadSender }, limit = 200): Promise<TimelineRow[]> {
    const theirs =
      thread.sender === 'client' && thread.client_id
        ? `union all
           (select d.id, case when d.campaign_id is not null then 'campaign' else 'reminder' end, 'out', 'sent', d.channel::text,
                   case when d.campaign_id is not null then coalesce(cp.subject, cp.message) else r.message end,
                   d.status::text, null, coalesce(d.claimed_at, d.created_at)
              from deliveries d
              left join reminders r on r.id = d.reminder_id
              left join campaigns cp on cp.id = d.campaign_id
             where d.client_id = ? and (d.reminder_id is not null or d.campaign_id is not null)
               and d.status in ('sending', 'sent', 'completed', 'failed')
             order by coalesce(d.claimed_at, d.created_at) desc limit ?)
           union all
           (select i.id, 'invitation', 'out', 'invitation', 'sms', null, null, null, i.created_at
              from client_invitations i where i.client_id = ? order by i.created_at desc limit 20)`
        : '';
    return this.em.execute<TimelineRow[]>(
      `select * from (
         (select im.id, 'inbox' as source, im.direction, im.kind, 'sms' as channel, im.body, im.status,
                 nullif(trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')), '') as member_name, im.created_at as at
            from inbox_messages im left join members m on m.id = im.member_id
           where im.thread_id = ? and not im.private order by im.created_at desc limit ?)
         ${theirs}
       ) timeline order by at desc, id desc limit ?`,
      thread.sender === 'client' && thread.client_id
        ? [thread.id, limit, thread.client_id, limit, thread.client_id, limit]
        : [thread.id, limit, limit],
    );
  }

  async isJoinedMember(agencyId: string, memberId: string): Promise<boolean> {
    const [row] = await this.em.execute<{ ok: boolean }[]>(
      'select exists (select 1 from members where id = ? and agency_id = ? and removed_at is null and invitation_hash is null) as ok',
      [memberId, agencyId],
    );
    return row?.ok ?? false;
  }

  /** A client's own texts kept from the agency (their portal's history), newest first. */
  async privateTexts(clientId: string, limit = 100): Promise<{ id: string; at: Date }[]> {
    return this.em.execute(
      `select im.id, im.created_at as at from inbox_messages im join inbox_threads t on t.id = im.thread_id
        where t.client_id = ? and t.sender = 'client' and im.private order by im.created_at desc limit ?`,
      [clientId, limit],
    );
  }
}
