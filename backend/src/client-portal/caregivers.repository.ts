import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';

/** An opted-in caregiver to alert about one missed occurrence. */
export interface CaregiverAlertRow {
  caregiver_id: string;
  /** One of the two: where the alert goes. */
  phone: string | null;
  email: string | null;
  client_id: string;
  broker_id: string;
  occurrence_at: Date;
}

/** What an e-mail caregiver's page shows: their answer so far, whose caregiver they are, for which agency. */
export interface CaregiverLink {
  status: 'invited' | 'active' | 'stopped';
  client_first_name: string;
  agency_name: string;
  primary_color: string;
  /** The client's language: their caregiver's page speaks it. */
  language: Language;
}

/** The SQL on `caregivers` that replies and alerts need (the portal's own reads go through the ORM). */
@Injectable()
export class CaregiversRepository {
  constructor(private readonly em: EntityManager) {}

  /** Holds one client's caregiver list until `em`'s transaction ends (so the limit of three holds under double submits). */
  async lockClient(em: EntityManager, clientId: string): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`caregivers:${clientId}`]);
  }

  /** Invited caregivers with this number agree to alerts; answers the first names of the clients they care for. */
  async optIn(phone: string): Promise<string[]> {
    const rows = await this.em.execute<{ first_name: string }[]>(
      `with agreed as (
         update caregivers set status = 'active', opted_in_at = now() where phone = ? and status = 'invited' returning client_id
       )
       select c.first_name from agreed join clients c on c.id = agreed.client_id`,
      [phone],
    );
    return rows.map((row) => row.first_name);
  }

  /** Caregivers with this number asked for no more texts. */
  async stop(phone: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update caregivers set status = 'stopped', stopped_at = now() where phone = ? and status <> 'stopped' returning id`,
      [phone],
    );
    return rows.length;
  }

  /** An e-mail caregiver's page, by their link's token. */
  async byToken(token: string): Promise<CaregiverLink | undefined> {
    const [row] = await this.em.execute<CaregiverLink[]>(
      `select cg.status, c.first_name as client_first_name, c.language,
              coalesce(nullif(u.agency_name, ''), trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) as agency_name,
              u.primary_color
         from caregivers cg join clients c on c.id = cg.client_id join users u on u.id = c.broker_id
        where cg.token = ?`,
      [token],
    );
    return row;
  }

  /** An e-mail caregiver agrees (only while invited: a stop is final) or stops. */
  async answerByToken(token: string, answer: 'agree' | 'stop'): Promise<void> {
    await this.em.execute(
      answer === 'agree'
        ? `update caregivers set status = 'active', opted_in_at = now() where token = ? and status = 'invited'`
        : `update caregivers set status = 'stopped', stopped_at = now() where token = ? and status <> 'stopped'`,
      [token],
    );
  }

  /**
   * The opted-in caregivers to alert for these missed occurrences: the client's, when the reminder
   * says so (alert_caregivers).
   */
  async toAlert(missed: { reminderId: string; occurrenceAt: Date }[]): Promise<CaregiverAlertRow[]> {
    if (missed.length === 0) return [];
    return this.em.execute<CaregiverAlertRow[]>(
      `select cg.id as caregiver_id, cg.phone, cg.email, c.id as client_id, c.broker_id, m.occurrence_at
         from json_to_recordset(?::json) as m(reminder_id uuid, occurrence_at timestamptz)
         join client_reminders cr on cr.id = m.reminder_id and cr.alert_caregivers
         join clients c on c.id = cr.client_id
         join caregivers cg on cg.client_id = c.id and cg.status = 'active'`,
      [JSON.stringify(missed.map((m) => ({ reminder_id: m.reminderId, occurrence_at: m.occurrenceAt.toISOString() })))],
    );
  }
}
