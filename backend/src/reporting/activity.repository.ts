import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { ContactField } from '../clients/contact-change.entity.js';
import { bookCondition, type ClientBook } from '../members/book.js';
import type { ActivityKind } from './dto/activity.dto.js';

/**
 * The broker's latest events, newest first, from records that already exist (docs/clients.md):
 * - reminder_call / reminder_text: a broker reminder the provider took (`sent`) or delivered
 *   (`completed`), named by channel: the broker's reminders are generic check-ins, not medication
 *   reminders. Queued, sending, failed and skipped ones were not sent. Its time is the delivery's
 *   `created_at`: the dispatcher queues and sends in the same run, and this is what the broker's
 *   (broker_id, created_at) index orders by;
 * - reminder_confirmed: a broker reminder call confirmed by pressing 1;
 * - campaign_sent: one of the broker's campaigns, with its name and recipient count;
 * - campaign_opened / campaign_clicked: a campaign e-mail opened or a link clicked, with the name;
 * - invitation_sent / client_registered: the client's portal invitation and their registration;
 * - contact_change_confirmed / _refused: the client's answer to the broker's change of their phone or
 *   e-mail, with the old and new contact masked.
 *
 * A client's own reminders are left out entirely (spec §1: client-created reminders are hidden from
 * brokers): when a client is reminded, and confirms, is their private medication schedule.
 *
 * Only ids, kinds, times, the client's name and the broker's own campaign names are read: never a
 * message, and never anything from medications or client reminders (the privacy wall). Each branch
 * keeps its own newest `limit` rows, then the union is cut to `limit`: the delivery branches stop
 * after that many rows of the broker's indexes (created_at, and confirmed_at for confirmed calls),
 * the others read only the broker's own campaigns and clients.
 *
 * A member's book (`ClientBook.assignedTo`) keeps each branch to the events of the clients assigned
 * to them; a campaign shows when it went to some of them, with their number.
 */
const activitySql = (ofMember: boolean) => {
  // A member's book: only events of the clients assigned to them (one more parameter, the member's id).
  const mine = (column: string) =>
    ofMember ? ` and exists (select 1 from clients bc where bc.id = ${column} and bc.assigned_member_id = ?)` : '';
  // A campaign is the agency's: in a member's book it shows when it went to their clients, counting only those.
  const campaigns = ofMember
    ? `(select 'campaign:' || k.id, 'campaign_sent', null, k.sent_at, null, null, null, k.name, n.recipients
       from campaigns k
       cross join lateral (
         select count(distinct r.client_id)::int as recipients
           from campaign_recipients r join campaigns rk on rk.id = r.campaign_id join clients bc on bc.id = r.client_id
          where (rk.id = k.id or rk.parent_id = k.id) and bc.assigned_member_id = ?
       ) n
      where k.broker_id = ? and k.status = 'sent' and k.sent_at is not null and k.parent_id is null and n.recipients > 0
      order by k.sent_at desc, k.id
      limit ?)`
    : `(select 'campaign:' || k.id, 'campaign_sent', null, k.sent_at, null, null, null, k.name, k.recipient_count
       from campaigns k
      where k.broker_id = ? and k.status = 'sent' and k.sent_at is not null and k.parent_id is null
      order by k.sent_at desc, k.id
      limit ?)`;
  return `
select e.id, e.kind, e.occurred_at, c.first_name || ' ' || c.last_name as client_name,
       e.field, e.old_value, e.new_value, e.campaign_name, e.recipients
  from (
    (select 'reminder:' || d.id as id,
            case when d.channel = 'voice' then 'reminder_call' else 'reminder_text' end as kind,
            d.client_id, d.created_at as occurred_at,
            null as field, null as old_value, null as new_value, null::text as campaign_name, null::int as recipients
       from deliveries d
      where d.broker_id = ? and d.status in ('sent', 'completed') and d.channel in ('voice', 'sms')
        and d.reminder_id is not null${mine('d.client_id')}
      order by d.created_at desc, d.id
      limit ?)
    union all
    (select 'confirmation:' || d.id,
'reminder_confirmed', d.client_id, d.confirmed_at, null, null, null, null, null
       from deliveries d
      where d.broker_id = ? and d.confirmed_at is not null and d.reminder_id is not null${mine('d.client_id')}
      order by d.confirmed_at desc, d.id
      limit ?)
    union all
    ${campaigns}
    union all
    -- A click also records the open at the same instant: that open is the click, shown once.
    -- A sequence's step messages carry the sequence's name.
    (select 'open:' || r.id, 'campaign_opened', r.client_id, r.opened_at, null, null, null, coalesce(p.name, k.name), null
       from campaign_recipients r join campaigns k on k.id = r.campaign_id left join campaigns p on p.id = k.parent_id
      where k.broker_id = ? and r.opened_at is not null and r.opened_at is distinct from r.clicked_at${mine('r.client_id')}
      order by r.opened_at desc, r.id
      limit ?)
    union all
    (select 'click:' || r.id, 'campaign_clicked', r.client_id, r.clicked_at, null, null, null, coalesce(p.name, k.name), null
       from campaign_recipients r join campaigns k on k.id = r.campaign_id left join campaigns p on p.id = k.parent_id
      where k.broker_id = ? and r.clicked_at is not null${mine('r.client_id')}
      order by r.clicked_at desc, r.id
      limit ?)
    union all
    -- A new invitation replaces the client's unused one, so only the latest of those is listed.
    (select 'invitation:' || i.id, 'invitation_sent', i.client_id, i.created_at, null, null, null, null, null
       from client_invitations i join clients ic on ic.id = i.client_id
      where ic.broker_id = ?${mine('ic.id')}
      order by i.created_at desc, i.id
      limit ?)
    union all
    (select 'registration:' || a.id, 'client_registered', a.client_id, a.created_at, null, null, null, null, null
       from client_accounts a join clients ac on ac.id = a.client_id
      where ac.broker_id = ?${mine('ac.id')}
      order by a.created_at desc, a.id
      limit ?)
    union all
    (select 'contact:' || x.id, 'contact_change_' || x.status, x.client_id, x.decided_at, x.field, x.old_value, x.new_value, null, null
       from client_contact_changes x
      where x.broker_id = ? and x.status in ('confirmed', 'refused')${mine('x.client_id')}
      order by x.decided_at desc, x.id
      limit ?)
  ) e
  left join clients c on c.id = e.client_id
 order by e.occurred_at desc, e.id
 limit ?`;
};
const ACTIVITY_SQL = activitySql(false);
const MEMBER_ACTIVITY_SQL = activitySql(true);
const ACTIVITY_BRANCHES = 8;
/** The campaigns' branch, the third: its member's id comes before the agency's. */
const CAMPAIGN_BRANCH = 2;

/**
 * One client's story for their page, newest first: the same events as ACTIVITY_SQL for this client
 * (with each campaign sent to them, by name), plus when they were added and, while inactive, when
 * they were marked so. The same wall: the broker's reminders only, never a message's words, nothing
 * of the client's own reminders or medications. Each branch reads the client's rows of its table.
 */
const CLIENT_TIMELINE_SQL = `
select e.id, e.kind, e.occurred_at, c.first_name || ' ' || c.last_name as client_name,
       e.field, e.old_value, e.new_value, e.campaign_name, null::int as recipients
  from (
    select 'added:' || c.id as id, 'client_added' as kind, c.id as client_id, c.created_at as occurred_at,
           null as field, null as old_value, null as new_value, null::text as campaign_name
      from clients c where c.id = ?
    union all
    select 'deactivated:' || c.id, 'client_deactivated', c.id, c.deactivated_at, null, null, null, null
      from clients c where c.id = ? and not c.is_active and c.deactivated_at is not null
    union all
    (select 'reminder:' || d.id, case when d.channel = 'voice' then 'reminder_call' else 'reminder_text' end,
            d.client_id, d.created_at, null, null, null, null
       from deliveries d
      where d.client_id = ? and d.status in ('sent', 'completed') and d.channel in ('voice', 'sms') and d.reminder_id is not null
      order by d.created_at desc limit ?)
    union all
    (select 'confirmation:' || d.id, 'reminder_confirmed', d.client_id, d.confirmed_at, null, null, null, null
       from deliveries d
      where d.client_id = ? and d.confirmed_at is not null and d.reminder_id is not null
      order by d.confirmed_at desc limit ?)
    union all
    (select 'campaign:' || r.id, 'campaign_sent', r.client_id, coalesce(k.sent_at, r.created_at), null, null, null, k.name
       from campaign_recipients r join campaigns k on k.id = r.campaign_id
      where r.client_id = ? order by r.created_at desc limit ?)
    union all
    (select 'open:' || r.id, 'campaign_opened', r.client_id, r.opened_at, null, null, null, k.name
       from campaign_recipients r join campaigns k on k.id = r.campaign_id
      where r.client_id = ? and r.opened_at is not null and r.opened_at is distinct from r.clicked_at
      order by r.opened_at desc limit ?)
    union all
    (select 'click:' || r.id, 'campaign_clicked', r.client_id, r.clicked_at, null, null, null, k.name
       from campaign_recipients r join campaigns k on k.id = r.campaign_id
      where r.client_id = ? and r.clicked_at is not null order by r.clicked_at desc limit ?)
    union all
    select 'invitation:' || i.id, 'invitation_sent', i.client_id, i.created_at, null, null, null, null
      from client_invitations i where i.client_id = ?
    union all
    select 'registration:' || a.id, 'client_registered', a.client_id, a.created_at, null, null, null, null
      from client_accounts a where a.client_id = ?
    union all
    (select 'contact:' || x.id, 'contact_change_' || x.status, x.client_id, x.decided_at, x.field, x.old_value, x.new_value, null
       from client_contact_changes x
      where x.client_id = ? and x.status in ('confirmed', 'refused') order by x.decided_at desc limit ?)
  ) e
  join clients c on c.id = e.client_id and c.broker_id = ?
 order by e.occurred_at desc, e.id
 limit ?`;

export interface ActivityRow {
  id: string;
  kind: ActivityKind;
  occurred_at: Date | string;
  client_name: string | null;
  field: ContactField | null;
  old_value: string | null;
  new_value: string | null;
  campaign_name: string | null;
  recipients: number | null;
}

@Injectable()
export class ActivityRepository {
  constructor(private readonly em: EntityManager) {}

  /** The book's newest `limit` events, newest first (ACTIVITY_SQL, or MEMBER_ACTIVITY_SQL for a member's clients). */
  recent(book: ClientBook, limit: number): Promise<ActivityRow[]> {
    const member = book.assignedTo;
    const branches = Array.from({ length: ACTIVITY_BRANCHES }, (_, branch) => {
      if (member === null) return [book.agencyId, limit];
      return branch === CAMPAIGN_BRANCH ? [member, book.agencyId, limit] : [book.agencyId, member, limit];
    }).flat();
    return this.em.execute<ActivityRow[]>(member === null ? ACTIVITY_SQL : MEMBER_ACTIVITY_SQL, [...branches, limit]);
  }

  /** The client's newest `limit` events, newest first (CLIENT_TIMELINE_SQL); none when not the broker's client. */
  clientTimeline(brokerId: string, clientId: string, limit: number): Promise<ActivityRow[]> {
    const params = [clientId, clientId, clientId, limit, clientId, limit, clientId, limit, clientId, limit, clientId, limit];
    return this.em.execute<ActivityRow[]>(CLIENT_TIMELINE_SQL, [...params, clientId, clientId, clientId, limit, brokerId, limit]);
  }

  /** Whether the client is one of the broker's. */
  async inBook(book: ClientBook, clientId: string): Promise<boolean> {
    const inBook = bookCondition(book);
    const [row] = await this.em.execute<{ owned: boolean }[]>(
      `select exists (select 1 from clients c where c.id = ? and ${inBook.sql}) as owned`,
      [clientId, ...inBook.params],
    );
    return row?.owned ?? false;
  }
}
