import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** An opted-in caregiver to alert about one missed occurrence. */
export interface CaregiverAlertRow {
  caregiver_id: string;
  phone: string;
  client_id: string;
  broker_id: string;
  occurrence_at: Date;
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

  /**
   * The opted-in caregivers to alert for these missed occurrences: the client's, when the reminder
   * says so (alert_caregivers).
   */
  async toAlert(missed: { reminderId: string; occurrenceAt: Date }[]): Promise<CaregiverAlertRow[]> {
    if (missed.length === 0) return [];
    return this.em.execute<CaregiverAlertRow[]>(
      `select cg.id as caregiver_id, cg.phone, c.id as client_id, c.broker_id, m.occurrence_at
         from json_to_recordset(?::json) as m(reminder_id uuid, occurrence_at timestamptz)
         join client_reminders cr on cr.id = m.reminder_id and cr.alert_caregivers
         join clients c on c.id = cr.client_id
         join caregivers cg on cg.client_id = c.id and cg.status = 'active'`,
      [JSON.stringify(missed.map((m) => ({ reminder_id: m.reminderId, occurrence_at: m.occurrenceAt.toISOString() })))],
    );
  }
}
