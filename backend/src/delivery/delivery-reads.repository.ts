import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { TEXT_HELD_REASON } from '../a2p/held-texts.js';
import type { SourceOutcome } from './delivery-outcomes.service.js';

/** One delivery of a client's own reminder, as their history shows it. */
export interface HistoryRow {
  id: string;
  client_reminder_id: string;
  occurrence_at: Date;
  channel: string;
  status: string;
  confirmed_at: Date | null;
  attempts: number;
}

/** How a client's reminder deliveries went (engagement). */
export interface ReminderOutcomeCounts {
  completed: number;
  failed: number;
  confirmed: number;
}

/**
 * What other modules may read of `deliveries`, exported by the delivery module so that the table's
 * SQL stays here: a client's reminder history, reminder outcomes per client, who had deliveries
 * change lately, and when a campaign message was delivered.
 */
@Injectable()
export class DeliveryReads {
  constructor(private readonly em: EntityManager) {}

  /** The client's own reminders' deliveries with an occurrence in (from, to], newest first. */
  clientReminderHistory(clientId: string, from: Date, to: Date): Promise<HistoryRow[]> {
    return this.em.execute<HistoryRow[]>(
      `select d.id, d.client_reminder_id, d.occurrence_at, d.channel, d.status, d.confirmed_at, d.attempts
         from deliveries d
        where d.client_id = ? and d.client_reminder_id is not null and d.occurrence_at > ? and d.occurrence_at <= ?
        order by d.occurrence_at desc, d.id`,
      [clientId, from, to],
    );
  }

  /** Completed, failed and confirmed reminder deliveries (broker's and client's own) per client since `since`. */
  async reminderOutcomes(clientIds: string[], since: Date): Promise<Map<string, ReminderOutcomeCounts>> {
    if (clientIds.length === 0) return new Map();
    const rows = await this.em.execute<{ client_id: string; completed: number; failed: number; confirmed: number }[]>(
      `select client_id, count(*) filter (where status = 'completed')::int as completed, count(*) filter (where status = 'failed')::int as failed,
              count(*) filter (where confirmed_at is not null)::int as confirmed
         from deliveries
        where client_id in (?) and (reminder_id is not null or client_reminder_id is not null) and created_at > ?
        group by client_id`,
      [clientIds, since],
    );
    return new Map(rows.map((row) => [row.client_id, { completed: row.completed, failed: row.failed, confirmed: row.confirmed }]));
  }

  /** Clients with a delivery that changed since `since` (sends, and provider callbacks after them). */
  async clientsChangedSince(since: Date): Promise<string[]> {
    const rows = await this.em.execute<{ client_id: string }[]>(`select distinct client_id from deliveries where updated_at > ?`, [since]);
    return rows.map((row) => row.client_id);
  }

  /**
   * The final outcome of each of these reminders' (or client reminders') deliveries that has one,
   * for an owner checking what it still has pending. A reminder with several occurrences answers its
   * latest.
   */
  async finalOutcomes(kind: 'broker-reminder' | 'client-reminder', sourceIds: string[]): Promise<SourceOutcome[]> {
    if (sourceIds.length === 0) return [];
    const column = kind === 'broker-reminder' ? 'reminder_id' : 'client_reminder_id';
    const rows = await this.em.execute<
      { source_id: string; status: string; client_id: string; occurrence_at: Date; confirmed_at: Date | null }[]
    >(
      `select distinct on (${column}) ${column} as source_id, status, client_id, occurrence_at, confirmed_at from deliveries
        where ${column} in (?) and status in ('completed', 'failed', 'skipped')
        order by ${column}, occurrence_at desc`,
      [sourceIds],
    );
    return rows.map((row) => ({
      sourceId: row.source_id,
      outcome: row.status === 'completed' ? 'completed' : 'failed',
      clientId: row.client_id,
      occurrenceAt: new Date(row.occurrence_at),
      confirmed: row.confirmed_at !== null,
      skipped: row.status === 'skipped',
    }));
  }

  /** When the campaign's message to the client went out (null: not yet, or it failed). */
  async campaignDeliveredAt(campaignId: string, clientId: string): Promise<Date | null> {
    const [row] = await this.em.execute<{ updated_at: Date }[]>(
      `select updated_at from deliveries where campaign_id = ? and client_id = ? and status in ('sent', 'completed')`,
      [campaignId, clientId],
    );
    return row ? new Date(row.updated_at) : null;
  }

  /** A campaign's or a reminder's skipped deliveries counted by reason (most first). */
  async skippedByReason(source: { campaignId?: string; reminderId?: string }): Promise<{ reason: string; count: number }[]> {
    const column = source.campaignId ? 'campaign_id' : 'reminder_id';
    return this.em.execute<{ reason: string; count: number }[]>(
      `select coalesce(error, 'Skipped') as reason, count(*)::int as count
         from deliveries where ${column} = ? and status = 'skipped'
        group by 1 order by 2 desc, 1`,
      [source.campaignId ?? source.reminderId],
    );
  }

  /** Why each of these broker reminders was skipped, or waits held for its agency's carrier registration (its one delivery), by reminder id. */
  async skippedReminderReasons(reminderIds: string[]): Promise<Map<string, string>> {
    if (reminderIds.length === 0) return new Map();
    const rows = await this.em.execute<{ reminder_id: string; reason: string }[]>(
      `select reminder_id, coalesce(error, 'Not sent') as reason from deliveries
        where reminder_id in (?) and (status = 'skipped' or (status = 'queued' and error = ?))`,
      [reminderIds, TEXT_HELD_REASON],
    );
    return new Map(rows.map((row) => [row.reminder_id, row.reason]));
  }
}
