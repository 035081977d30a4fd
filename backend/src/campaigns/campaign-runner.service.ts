import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';

import { ClientsService } from '../clients/clients.service.js';
import { Clock } from '../common/clock.js';
import { DeliveryQueue } from '../delivery/delivery-queue.service.js';
import { InboundReplies } from '../delivery/inbound-replies.js';
import { outsideQuietHours } from '../delivery/quiet-hours.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { stateOfZip } from '../delivery/us-places.js';
import { JobsService } from '../jobs/jobs.service.js';
import { wholeBook } from '../members/book.js';
import { Campaign, type CampaignAudience } from './campaign.entity.js';
import { EARLIEST_ZONE, localDate, occurrenceOn, wallTime } from './campaign-dates.js';
import { CampaignRecipientsRepository } from './campaign-recipients.repository.js';
import { type AudienceClientRow, CampaignSequencesRepository, type DueEnrollmentRow } from './campaign-sequences.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A client's own time zone, found as the delivery module finds it for reminders (else the broker's). */
export function zoneOfRow(row: Pick<AudienceClientRow, 'phone' | 'time_zone' | 'zip' | 'state' | 'broker_time_zone'>): string {
  return clientTimeZone({ timeZone: row.time_zone, phone: row.phone, zip: row.zip, state: row.state }, row.broker_time_zone);
}

/** The season a step row counts in: the occurrence's year, or for `joined` the year the client entered. */
function seasonOf(enrollment: Pick<DueEnrollmentRow, 'occurrence' | 'created_at'>): number {
  return enrollment.occurrence === 'joined' ? new Date(enrollment.created_at).getUTCFullYear() : Number(enrollment.occurrence.slice(0, 4));
}

export interface RunSummary {
  scheduledSent: number;
  enrolled: number;
  stepsSent: number;
  skipped: number;
}

/**
 * Sends what scheduled campaigns and sequences have due at `now`: a scheduled campaign's recipients
 * are fixed once its time has come in the earliest zone of its audience, each delivery held until
 * that time in the client's own zone; a sequence enrolls the clients its trigger fires for and sends
 * each enrollment's due step as that step's row for the season. Runs every five minutes on the job
 * engine; each campaign is worked in one transaction under a skip-locked row lock, so runs in
 * several instances never send twice.
 */
@Injectable()
export class CampaignRunner implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('CampaignRunner');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly queue: DeliveryQueue,
    private readonly recipients: CampaignRecipientsRepository,
    private readonly sequences: CampaignSequencesRepository,
    private readonly clients: ClientsService,
    private readonly replies: InboundReplies,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    // A reply in any words counts as engaging with the campaign text it answers (a STOP is not told here).
    this.replies.onAnyReply(async (from, at) => {
      await this.sequences.markReplied(from, at);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('campaign-runner', '*/5 * * * *', async () => {
      const summary = await this.run();
      if (summary.scheduledSent || summary.enrolled || summary.stepsSent || summary.skipped) this.logger.log(summary, 'Campaigns run');
    });
  }

  /** One run at `now` (the Clock's time unless given). */
  async run(now = this.clock.now()): Promise<RunSummary> {
    const summary: RunSummary = { scheduledSent: 0, enrolled: 0, stepsSent: 0, skipped: 0 };
    // Outside any request: each campaign is worked on its own fork.
    for (const id of await this.sequences.idsByStatus(this.em.fork(), ['scheduled'], now)) {
      try {
        if (await this.sendScheduled(this.em.fork(), id, now)) summary.scheduledSent += 1;
      } catch (error) {
        this.logger.error({ err: error, campaignId: id }, 'Scheduled campaign failed');
      }
    }
    for (const id of await this.sequences.idsByStatus(this.em.fork(), ['active'], now)) {
      try {
        const { enrolled, sent, skipped } = await this.advanceSequence(this.em.fork(), id, now);
        summary.enrolled += enrolled;
        summary.stepsSent += sent;
        summary.skipped += skipped;
      } catch (error) {
        this.logger.error({ err: error, campaignId: id }, 'Sequence run failed');
      }
    }
    return summary;
  }

  private async audienceIds(em: EntityManager, brokerId: string, audience: CampaignAudience): Promise<string[] | null> {
    if (audience.kind === 'all') return null;
    if (audience.kind === 'clients') return audience.clientIds;
    return this.clients.idsMatching(wholeBook(brokerId), audience.filter, em);
  }

  /**
   * Fixes a scheduled campaign's recipients when its time has come in the earliest zone among its
   * audience, and queues each delivery for that time in the client's own zone. Answers whether it went.
   */
  private async sendScheduled(fork: EntityManager, id: string, now: Date): Promise<boolean> {
    const campaign = await fork.findOneOrFail(Campaign, { id });
    if (!campaign.scheduledDate || !campaign.scheduledTime) return false;
    const date = String(campaign.scheduledDate).slice(0, 10);
    const time = campaign.scheduledTime;
    // Nowhere on earth is its time earlier than at UTC+14: until then there is nothing to look at.
    if (wallTime(date, time, EARLIEST_ZONE) > now) return false;
    return fork.transactional(async (em) => {
      if (!(await this.sequences.lock(em, id, ['scheduled']))) return false;
      const locked = await em.findOneOrFail(Campaign, { id }, { populate: ['broker'] });
      const brokerId = locked.broker.id;
      const ids = await this.audienceIds(em, brokerId, locked.audience);
      const audience = await this.sequences.audienceClients(em, brokerId, ids);
      const brokerZone = locked.broker.timeZone;
      const zoneTimes = audience.map((row) => wallTime(date, time, zoneOfRow(row)).getTime());
      const earliest = zoneTimes.length ? Math.min(...zoneTimes) : wallTime(date, time, brokerZone).getTime();
      if (earliest > now.getTime()) return false;
      const fixed = await this.recipients.fix(em, brokerId, id, locked.type, ids);
      const zones = new Map(audience.map((row) => [row.client_id, zoneOfRow(row)]));
      await this.queue.enqueue(
        fixed.map((recipient) => {
          const at = wallTime(date, time, zones.get(recipient.client_id) ?? brokerZone);
          return {
            kind: 'campaign' as const,
            sourceId: id,
            brokerId,
            clientId: recipient.client_id,
            channel: locked.type,
            recipient: recipient.address,
            occurrenceAt: at,
            notBefore: at,
          };
        }),
        em,
      );
      locked.status = 'sent';
      locked.recipientCount = fixed.length;
      locked.sentAt = now;
      await em.flush();
      return true;
    });
  }

  /** Enrolls whom the trigger fires for and sends every due step of one active sequence. */
  private async advanceSequence(fork: EntityManager, id: string, now: Date): Promise<{ enrolled: number; sent: number; skipped: number }> {
    return fork.transactional(async (em) => {
      if (!(await this.sequences.lock(em, id, ['active']))) return { enrolled: 0, sent: 0, skipped: 0 };
      const sequence = await em.findOneOrFail(Campaign, { id }, { populate: ['broker'] });
      const enrolled = await this.enroll(em, sequence, now);
      const { sent, skipped } = await this.sendDueSteps(em, sequence, now);
      return { enrolled, sent, skipped };
    });
  }

  private async enroll(em: EntityManager, sequence: Campaign, now: Date): Promise<number> {
    const trigger = sequence.trigger;
    if (!trigger) return 0;
    const brokerId = sequence.broker.id;
    const audience = await this.sequences.audienceClients(em, brokerId, await this.audienceIds(em, brokerId, sequence.audience));
    let rows: { clientId: string; occurrence: string }[];
    if (trigger.kind === 'joined') {
      const already = await this.sequences.joinedClientIds(em, sequence.id);
      rows = audience.filter((row) => !already.has(row.client_id)).map((row) => ({ clientId: row.client_id, occurrence: 'joined' }));
    } else {
      rows = audience.flatMap((row) => {
        const today = localDate(now, zoneOfRow(row));
        const occurrence = occurrenceOn(
          trigger,
          {
            dateOfBirth: row.date_of_birth,
            planType: row.plan_type,
            planEffectiveDate: row.plan_effective_date,
            state: row.state ?? stateOfZip(row.zip) ?? null,
          },
          today,
        );
        return occurrence ? [{ clientId: row.client_id, occurrence }] : [];
      });
    }
    return this.sequences.enroll(em, sequence.id, brokerId, rows, now);
  }

  /**
   * Sends each due enrollment's next step: a client no longer active stops ('inactive'), one who
   * clicked or replied to an earlier step stops before a step that skips the engaged ('engaged').
   */
  private async sendDueSteps(em: EntityManager, sequence: Campaign, now: Date): Promise<{ sent: number; skipped: number }> {
    const due = await this.sequences.due(em, sequence.id, now);
    const inactive = due.filter((row) => !row.client_active);
    await this.sequences.stop(
      em,
      inactive.map((row) => row.id),
      'inactive',
    );
    // Grouped by step and season: each group sends through one step row.
    const groups = new Map<string, DueEnrollmentRow[]>();
    for (const row of due.filter((each) => each.client_active)) {
      const key = `${row.next_step}|${seasonOf(row)}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const steps = 1 + sequence.followUps.length;
    let sent = 0;
    let skipped = 0;
    for (const [key, rows] of groups) {
      const [step, season] = key.split('|').map(Number);
      if (step > steps) {
        // The sequence lost steps since: nothing more to send.
        await this.sequences.advance(
          em,
          rows.map((row) => row.id),
          step,
          null,
        );
        continue;
      }
      const followUp = step > 1 ? sequence.followUps[step - 2] : undefined;
      let going = rows;
      if (followUp?.skipIfEngaged) {
        const engaged = await this.sequences.engaged(
          em,
          sequence.id,
          season,
          step,
          rows.map((row) => row.client_id),
        );
        const stopped = rows.filter((row) => engaged.has(row.client_id));
        await this.sequences.stop(
          em,
          stopped.map((row) => row.id),
          'engaged',
        );
        skipped += stopped.length;
        going = rows.filter((row) => !engaged.has(row.client_id));
      }
      if (going.length === 0) continue;
      const stepRowId = await this.stepRow(em, sequence, step, season, now);
      const added = await this.sequences.addRecipients(
        em,
        stepRowId,
        sequence.type,
        going.map((row) => row.client_id),
      );
      const byClient = new Map(going.map((row) => [row.client_id, row]));
      await this.queue.enqueue(
        added.map((recipient) => ({
          kind: 'campaign' as const,
          sourceId: stepRowId,
          brokerId: sequence.broker.id,
          clientId: recipient.client_id,
          channel: sequence.type,
          recipient: recipient.address,
          occurrenceAt: now,
          // A date starts a sequence at midnight where the client lives: its e-mails wait for the morning too.
          notBefore: outsideQuietHours(now, zoneOfRow(byClient.get(recipient.client_id)!)),
        })),
        em,
      );
      sent += added.length;
      const next = sequence.followUps[step - 1];
      await this.sequences.advance(
        em,
        going.map((row) => row.id),
        step + 1,
        next ? new Date(now.getTime() + next.delayDays * DAY_MS) : null,
      );
    }
    return { sent, skipped };
  }

  /** The row a step of the sequence sends through in a season, made the first time it is needed. */
  private async stepRow(em: EntityManager, sequence: Campaign, step: number, season: number, now: Date): Promise<string> {
    const existing = await this.sequences.stepRowId(em, sequence.id, step, season);
    if (existing) return existing;
    const followUp = step > 1 ? sequence.followUps[step - 2] : undefined;
    const row = em.create(Campaign, {
      broker: sequence.broker,
      name: `${sequence.name} · ${step}`.slice(0, 200),
      type: sequence.type,
      subject: sequence.type === 'email' ? (followUp ? followUp.subject || sequence.subject : sequence.subject) : null,
      message: followUp ? followUp.message : sequence.message,
      audience: sequence.audience,
      status: 'sent',
      sentAt: now,
      purpose: sequence.purpose,
      templateKey: sequence.templateKey ?? null,
      parentId: sequence.id,
      step,
      season,
    });
    await em.flush();
    return row.id;
  }
}
