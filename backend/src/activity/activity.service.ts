import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ContactField } from '../clients/contact-change.entity.js';
import { maskContact } from '../clients/contact-changes.service.js';
import type { User } from '../users/user.entity.js';
import { ACTIVITY_TITLES, type ActivityItemDto, type ActivityKind } from './activity.dto.js';

/**
 * The broker's latest events, newest first, from records that already exist (docs/clients.md):
 * - reminder_sent: a broker reminder call or text the provider took (`sent`) or delivered
 *   (`completed`); queued, sending, failed and skipped ones were not sent. Its time is the delivery's
 *   `created_at`: the dispatcher queues and sends in the same run, and this is what the broker's
 *   (broker_id, created_at) index orders by;
 * - engagement: a broker reminder call confirmed by pressing 1, a campaign e-mail opened, a campaign
 *   link clicked;
 * - contact_change_confirmed / _refused: the client's answer to the broker's change of their phone or
 *   e-mail, with the old and new contact masked.
 *
 * A client's own reminders are left out entirely: when a client is reminded (and confirms) is part
 * of their private schedule, which brokers never see.
 *
 * Only ids, kinds, times and the client's name are read: never a message, and never anything from
 * medications or client reminders (the privacy wall). Each branch keeps its own newest `limit` rows,
 * then the union is cut to `limit`: the delivery branches stop after that many rows of the broker's
 * indexes (created_at, and confirmed_at for confirmed calls), the campaign branches read only the
 * recipients of the broker's own campaigns.
 */
export const ACTIVITY_SQL = `
select e.id, e.kind, e.occurred_at, c.first_name || ' ' || c.last_name as client_name, e.field, e.old_value, e.new_value
  from (
    (select 'reminder:' || d.id as id, 'reminder_sent' as kind, d.client_id, d.created_at as occurred_at,
            null as field, null as old_value, null as new_value
       from deliveries d
      where d.broker_id = ? and d.status in ('sent', 'completed') and d.channel in ('voice', 'sms')
        and d.reminder_id is not null
      order by d.created_at desc, d.id
      limit ?)
    union all
    (select 'confirmation:' || d.id, 'engagement', d.client_id, d.confirmed_at, null, null, null
       from deliveries d
      where d.broker_id = ? and d.confirmed_at is not null and d.reminder_id is not null
      order by d.confirmed_at desc, d.id
      limit ?)
    union all
    -- A click also records the open at the same instant: that open is the click, shown once.
    (select 'open:' || r.id, 'engagement', r.client_id, r.opened_at, null, null, null
       from campaign_recipients r join campaigns k on k.id = r.campaign_id
      where k.broker_id = ? and r.opened_at is not null and r.opened_at is distinct from r.clicked_at
      order by r.opened_at desc, r.id
      limit ?)
    union all
    (select 'click:' || r.id, 'engagement', r.client_id, r.clicked_at, null, null, null
       from campaign_recipients r join campaigns k on k.id = r.campaign_id
      where k.broker_id = ? and r.clicked_at is not null
      order by r.clicked_at desc, r.id
      limit ?)
    union all
    (select 'contact:' || x.id, 'contact_change_' || x.status, x.client_id, x.decided_at, x.field, x.old_value, x.new_value
       from client_contact_changes x
      where x.broker_id = ? and x.status in ('confirmed', 'refused')
      order by x.decided_at desc, x.id
      limit ?)
  ) e
  left join clients c on c.id = e.client_id
 order by e.occurred_at desc, e.id
 limit ?`;

interface ActivityRow {
  id: string;
  kind: ActivityKind;
  occurred_at: Date | string;
  client_name: string | null;
  field: ContactField | null;
  old_value: string | null;
  new_value: string | null;
}

@Injectable()
export class ActivityService {
  constructor(private readonly em: EntityManager) {}

  async recent(broker: User, limit: number): Promise<ActivityItemDto[]> {
    const branch = [broker.id, limit];
    const rows = await this.em.execute<ActivityRow[]>(ACTIVITY_SQL, [...branch, ...branch, ...branch, ...branch, ...branch, limit]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: ACTIVITY_TITLES[row.kind],
      clientName: row.client_name,
      occurredAt: new Date(row.occurred_at).toISOString(),
      ...(row.field && { detail: contactDetail(row.field, row.old_value, row.new_value) }),
    }));
  }
}

/** "Phone ***-***-0142 → ***-***-0199": what a contact change was, never the full contact. */
function contactDetail(field: ContactField, oldValue: string | null, newValue: string | null): string {
  const shown = (value: string | null) => (value === null ? 'none' : maskContact(field, value));
  return `${field === 'phone' ? 'Phone' : 'E-mail'} ${shown(oldValue)} → ${shown(newValue)}`;
}
