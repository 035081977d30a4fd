import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { renderCampaignEmail } from '../campaigns/email-template.js';
import type { RecurrencePattern } from '../client-portal/client-reminder.entity.js';
import { EngagementService } from '../clients/engagement.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DeliveryOutcomesService } from '../messaging/delivery-outcomes.service.js';
import {
  EMAIL_SENDER,
  type EmailSender,
  ProviderTimeoutError,
  SMS_SENDER,
  type SmsSender,
  VOICE_SENDER,
  type VoiceSender,
} from '../messaging/messaging.ports.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { readPhi } from '../privacy/phi-crypto.js';
import { outsideQuietHours } from './quiet-hours.js';
import { nextOccurrence } from './recurrence.js';
import { ClusterSendRate } from './send-rate.js';
import { clientTimeZone } from './time-zones.js';

export const DEFAULT_CLIENT_MESSAGE = "It's time to take your medication";

/** The mailbox named in List-Unsubscribe: the sender's address. */
function unsubscribeMailbox(config: AppConfig): string {
  return /<([^>]+)>/.exec(config.messaging.mailFrom)?.[1] ?? config.messaging.mailFrom;
}

interface ClaimedDelivery {
  id: string;
  /** A client reminder's message, encrypted at rest (decrypted only to send it). */
  client_message: string | null;
  /** Encrypted too; present only when the client asked for the name to be said. */
  medication_name: string | null;
  client_id: string;
  channel: 'voice' | 'sms' | 'email';
  campaign_id: string | null;
  campaign_type: 'email' | 'sms' | null;
  subject: string | null;
  token: string | null;
  first_campaign_sms: boolean;
  agency_address: string;
  agency_phone: string;
  logo_url: string | null;
  primary_color: string;
  client_time_zone: string | null;
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
}

export interface DispatchSummary {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** While a run drains a long queue, due reminders are looked for again this often. */
const REQUEUE_EVERY_MS = 5000;

/**
 * Turns due reminders into deliveries and sends them. Safe to run in any number of app instances
 * at once: due rows are claimed with FOR UPDATE SKIP LOCKED, each occurrence has one delivery row
 * (unique key), and a claim left by a process that died is released after the claim timeout and
 * tried once more. Reminders are never late because of a campaign: a claim takes the reminder lane
 * first, a run draining a campaign looks for newly due reminders every few seconds, and the campaign
 * lane is shared fairly between brokers. Sends through a real provider are paced per channel for the
 * whole cluster (DISPATCH_*_PER_SECOND, per provider account); a delivery that cannot start before the
 * run ends goes back to the queue for later.
 */
@Injectable()
export class DispatcherService {
  private readonly logger = new Logger('Dispatcher');
  private readonly limiter: ClusterSendRate;
  /** Set on shutdown: runs stop after the deliveries being sent, the rest go back to the queue. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(VOICE_SENDER) private readonly voice: VoiceSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    private readonly outcomes: DeliveryOutcomesService,
    private readonly optOuts: OptOutsService,
    private readonly engagement: EngagementService,
  ) {
    const { ratePerSecond, twilio, smtpUrl } = config.messaging;
    // Provider limits only: the development outbox takes everything at once.
    this.limiter = new ClusterSendRate(em, {
      voice: twilio ? ratePerSecond.voice : 0,
      sms: twilio ? ratePerSecond.sms : 0,
      email: smtpUrl ? ratePerSecond.email : 0,
    });
  }

  /**
   * Ends dispatching in this process (on shutdown): a run in progress finishes the sends already
   * started, hands the rest of its batch back to the queue (for another instance, or the next
   * start) and returns; later runs do nothing.
   */
  requestStop(): void {
    this.stopping.abort();
  }

  private get stopRequested(): boolean {
    return this.stopping.signal.aborted;
  }

  /** One run: release abandoned claims, queue what is due, then claim and send until nothing is left. */
  async runOnce(options: { brokerId?: string; now?: Date; maxMs?: number; campaignsOnly?: boolean } = {}): Promise<DispatchSummary> {
    // A test's fixed time stays fixed; otherwise each step reads the clock, so what falls due during a long run is seen.
    const clock = () => options.now ?? new Date();
    const summary: DispatchSummary = { queued: 0, sent: 0, failed: 0, skipped: 0 };
    if (this.stopRequested) return summary;
    await this.releaseAbandonedClaims(clock());
    const deadline = Date.now() + (options.maxMs ?? 50_000);
    const queueDue = async () =>
      options.campaignsOnly
        ? 0
        : (await this.queueBrokerReminders(clock(), options.brokerId)) + (options.brokerId ? 0 : await this.queueClientReminders(clock()));
    // Queue in bounded steps and send what was queued, until nothing is due or the run's time is up.
    while (Date.now() < deadline && !this.stopRequested) {
      const queued = await queueDue();
      summary.queued += queued;
      let claimedAny = false;
      let queuedAt = Date.now();
      while (Date.now() < deadline && !this.stopRequested) {
        if (Date.now() - queuedAt >= REQUEUE_EVERY_MS) {
          // A long drain (a big campaign) must not hold back reminders that fell due meanwhile.
          summary.queued += await queueDue();
          queuedAt = Date.now();
        }
        const claimed = await this.claim(clock(), { brokerId: options.brokerId, campaignsOnly: options.campaignsOnly });
        if (claimed.length === 0) break;
        claimedAny = true;
        await this.send(claimed, summary, deadline);
        await this.engagement.recomputeMany([...new Set(claimed.map((d) => d.client_id))]);
      }
      if (queued === 0 && !claimedAny) break;
    }
    return summary;
  }

  /** Claims older than the timeout belong to a process that died: back to the queue (or failed after a retry). */
  async releaseAbandonedClaims(now: Date): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update deliveries
          set status = case when attempts >= 2 then 'failed' else 'queued' end,
              error = 'The sending process stopped before finishing', claimed_at = null, updated_at = now()
        where status = 'sending' and claimed_at < ? returning id`,
      [new Date(now.getTime() - this.config.messaging.claimTimeoutSeconds * 1000)],
    );
    if (rows.length) this.logger.warn(`Released ${rows.length} abandoned claim(s)`);
    return rows.length;
  }

  /**
   * Due broker reminders become deliveries (one per reminder), in one statement. Only for brokers who
   * may send (subscriptionDenial: active, or a trial that has not ended): a past-due or ended trial's
   * reminders wait, pending, until the subscription is usable again, as Execute Reminders refuses them.
   */
  async queueBrokerReminders(now: Date, brokerId?: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `with due as (
         select r.id from reminders r join users u on u.id = r.broker_id
          where r.status = 'pending' and r.dispatched_at is null and r.deliver_after <= ? ${brokerId ? 'and r.broker_id = ?' : ''}
            and (u.subscription_status = 'active' or (u.subscription_status = 'trial' and u.trial_ends_at > ?))
          order by r.deliver_after limit ? for update of r skip locked
       ), marked as (
         update reminders r set dispatched_at = ? from due where r.id = due.id
         returning r.id, r.broker_id, r.client_id, r.scheduled_time, r.delivery_method
       )
       insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, not_before)
       select gen_random_uuid(), m.broker_id, m.client_id, m.id, m.scheduled_time, m.delivery_method, c.phone, 'queued', ?
         from marked m join clients c on c.id = m.client_id
       on conflict do nothing
       returning id`,
      [now, ...(brokerId ? [brokerId] : []), now, this.config.messaging.dispatchBatchSize * 4, now, now],
    );
    return rows.length;
  }

  /** Due client reminders become deliveries; recurring ones move on to their next occurrence in the same transaction. */
  async queueClientReminders(now: Date): Promise<number> {
    return this.em.transactional(async (em) => {
      const due = await em.execute<
        {
          id: string;
          client_id: string;
          broker_id: string;
          phone: string;
          delivery_method: string;
          scheduled_time: Date;
          next_occurrence_at: Date;
          time_zone: string;
          is_recurring: boolean;
          recurrence_pattern: RecurrencePattern | null;
          recurrence_interval: number;
          recurrence_days: number[] | null;
          recurrence_end_date: string | null;
        }[]
      >(
        `select cr.id, cr.client_id, c.broker_id, c.phone, cr.delivery_method, cr.scheduled_time, cr.next_occurrence_at,
                cr.time_zone, cr.is_recurring, cr.recurrence_pattern, cr.recurrence_interval, cr.recurrence_days,
                to_char(cr.recurrence_end_date, 'YYYY-MM-DD') as recurrence_end_date
           from client_reminders cr join clients c on c.id = cr.client_id
          where cr.next_occurrence_at <= ?
          order by cr.next_occurrence_at limit ? for update of cr skip locked`,
        [now, this.config.messaging.dispatchBatchSize * 4],
      );
      if (due.length === 0) return 0;
      const deliveries = due.map((row) => ({
        client_reminder_id: row.id,
        broker_id: row.broker_id,
        client_id: row.client_id,
        occurrence_at: new Date(row.next_occurrence_at).toISOString(),
        channel: row.delivery_method,
        recipient: row.phone,
      }));
      const inserted = await em.execute<{ id: string }[]>(
        `insert into deliveries (id, broker_id, client_id, client_reminder_id, occurrence_at, channel, recipient, status, not_before)
         select gen_random_uuid(), d.broker_id, d.client_id, d.client_reminder_id, d.occurrence_at, d.channel, d.recipient, 'queued', ?
           from json_to_recordset(?::json) as d(broker_id uuid, client_id uuid, client_reminder_id uuid, occurrence_at timestamptz, channel text, recipient text)
         on conflict do nothing returning id`,
        [now, JSON.stringify(deliveries)],
      );
      const advances = due.map((row) => {
        const next =
          row.is_recurring && row.recurrence_pattern
            ? nextOccurrence(
                {
                  start: new Date(row.scheduled_time),
                  zone: row.time_zone,
                  pattern: row.recurrence_pattern,
                  interval: row.recurrence_interval,
                  days: row.recurrence_days,
                  endDate: row.recurrence_end_date,
                },
                // Occurrences missed while nothing ran are not sent late in a burst: continue from now.
                new Date(Math.max(new Date(row.next_occurrence_at).getTime(), now.getTime())),
              )
            : null;
        return { id: row.id, next: next?.toISOString() ?? null };
      });
      await em.execute(
        `update client_reminders cr set next_occurrence_at = a.next
           from json_to_recordset(?::json) as a(id uuid, next timestamptz) where cr.id = a.id`,
        [JSON.stringify(advances)],
      );
      return inserted.length;
    });
  }

  /**
   * Claims a batch of queued deliveries that are due, with what sending them needs. The reminder
   * lane comes first; what room is left goes to the campaign lane, shared between brokers: each
   * broker's oldest messages in turn (a round robin over the brokers with campaign work), so one
   * broker's 50,000-recipient campaign does not hold back another's 50. A broker's `execute` takes
   * only their own reminders; a campaign send's run takes only campaign messages.
   */
  async claim(now: Date, scope: { brokerId?: string; campaignsOnly?: boolean } = {}): Promise<ClaimedDelivery[]> {
    // One transaction, so the rows locked while choosing stay locked until they are marked as sending.
    return this.em.transactional((em) => this.claimIn(em, now, scope));
  }

  private async claimIn(em: EntityManager, now: Date, scope: { brokerId?: string; campaignsOnly?: boolean }): Promise<ClaimedDelivery[]> {
    const batch = this.config.messaging.dispatchBatchSize;
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
    if (ids.length === 0) return [];
    return em.execute<ClaimedDelivery[]>(
      `with claimed as (
         update deliveries d set status = 'sending', claimed_at = now(), attempts = d.attempts + 1, updated_at = now()
          where d.id in (?) and d.status = 'queued'
          returning d.*
       )
       select claimed.id, claimed.client_id, claimed.channel, claimed.recipient, claimed.broker_id, claimed.reminder_id,
              claimed.client_reminder_id, claimed.campaign_id, coalesce(r.message, k.message) as message, cr.message as client_message,
              case when cr.say_medication_name then med.name end as medication_name,
              k.type as campaign_type, k.subject, kr.token,
              (k.type = 'sms' and not exists (
                 select 1 from deliveries p where p.client_id = claimed.client_id and p.campaign_id is not null
                    and p.channel = 'sms' and p.status in ('sent', 'completed'))) as first_campaign_sms,
              u.agency_name, u.sponsor_message, u.agency_address, u.agency_phone, u.logo_url, u.primary_color,
              u.time_zone as broker_time_zone, c.time_zone as client_time_zone,
              trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as broker_name, c.is_active as client_active
         from claimed
         join users u on u.id = claimed.broker_id
         join clients c on c.id = claimed.client_id
         left join reminders r on r.id = claimed.reminder_id
         left join client_reminders cr on cr.id = claimed.client_reminder_id
         left join medications med on med.id = cr.medication_id and med.client_id = cr.client_id
         left join campaigns k on k.id = claimed.campaign_id
         left join campaign_recipients kr on kr.campaign_id = claimed.campaign_id and kr.client_id = claimed.client_id`,
      [ids],
    );
  }

  /** Waits `ms` unless shutdown begins first; true when the full wait passed. */
  private pause(ms: number): Promise<boolean> {
    const signal = this.stopping.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (full: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(full);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private async send(claimed: ClaimedDelivery[], summary: DispatchSummary, deadline: number): Promise<void> {
    const optedOut = await this.optOuts.optedOut([...new Set(claimed.map((d) => d.recipient))]);
    await inParallel(claimed, this.config.messaging.dispatchConcurrency, async (delivery) => {
      if (this.stopRequested) {
        // Shutting down: not started, so back to the queue as it was, for another instance.
        await this.outcomes.deferUntil(delivery.id, new Date());
        return;
      }
      if (!delivery.client_active) {
        await this.outcomes.skipped(delivery.id, 'The client is inactive');
        summary.skipped += 1;
        return;
      }
      if (
        optedOut.has(`${delivery.recipient.toLowerCase()}|${delivery.channel}`) ||
        optedOut.has(`${delivery.recipient}|${delivery.channel}`)
      ) {
        const what = delivery.channel === 'voice' ? 'calls' : delivery.channel === 'sms' ? 'texts' : 'e-mails';
        await this.outcomes.skipped(delivery.id, `The recipient opted out of ${what}`);
        summary.skipped += 1;
        return;
      }
      if (delivery.campaign_id && delivery.channel === 'sms') {
        // Campaign texts respect quiet hours: outside 08:00-21:00 client time they wait for 08:00.
        const zone = clientTimeZone({ timeZone: delivery.client_time_zone, phone: delivery.recipient }, delivery.broker_time_zone);
        const allowedAt = outsideQuietHours(new Date(), zone);
        if (allowedAt.getTime() > Date.now()) {
          await this.outcomes.deferUntil(delivery.id, allowedAt);
          return;
        }
      }
      if (this.limiter.limits(delivery.channel)) {
        const wait = await this.limiter.reserve(delivery.channel, Math.max(0, deadline - Date.now()));
        if (wait === undefined) {
          // The channel's rate leaves no room before this run ends: the next run sends it.
          await this.outcomes.deferUntil(delivery.id, new Date(Date.now() + (await this.limiter.waitFor(delivery.channel))));
          return;
        }
        if (wait > 0 && !(await this.pause(wait))) {
          await this.outcomes.deferUntil(delivery.id, new Date());
          return;
        }
      }
      try {
        const result = await this.deliver(delivery);
        await this.outcomes.sent(delivery.id, result.providerId, result.status === 'completed', delivery.channel);
        summary.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A provider that did not answer in time is tried once more later (as a busy call is); other errors are final.
        if (error instanceof ProviderTimeoutError) await this.outcomes.retryLater(delivery.id, message);
        else await this.outcomes.failed(delivery.id, message);
        summary.failed += 1;
      }
    });
  }

  private deliver(delivery: ClaimedDelivery) {
    if (delivery.campaign_id) return this.deliverCampaign(delivery);
    const fromClient = delivery.client_reminder_id !== null;
    // A client's own reminder is their health information: it is not attributed to the broker in the outbox.
    const common = {
      to: delivery.recipient,
      deliveryId: delivery.id,
      purpose: fromClient ? 'client-reminder' : 'reminder',
      brokerId: fromClient ? null : delivery.broker_id,
    };
    const own = delivery.client_message ? readPhi(delivery.client_message) : delivery.message;
    const medication = delivery.medication_name ? readPhi(delivery.medication_name) : undefined;
    const base = own?.trim() || DEFAULT_CLIENT_MESSAGE;
    const message = medication ? `${base}: ${medication}` : base;
    const agencyName = delivery.agency_name || delivery.broker_name;
    if (delivery.channel === 'voice') {
      return this.voice.sendCall({ ...common, script: { agencyName, message, sponsorMessage: delivery.sponsor_message } });
    }
    const sponsor = delivery.sponsor_message ? ` ${delivery.sponsor_message}` : '';
    return this.sms.sendSms({ ...common, body: `${agencyName ? `${agencyName}: ` : ''}${message}${sponsor} Reply STOP to opt out.` });
  }

  private deliverCampaign(delivery: ClaimedDelivery) {
    const common = { to: delivery.recipient, deliveryId: delivery.id, purpose: 'campaign', brokerId: delivery.broker_id };
    const agencyName = delivery.agency_name || delivery.broker_name;
    const message = delivery.message ?? '';
    if (delivery.channel === 'sms') {
      const body = `${agencyName ? `${agencyName}: ` : ''}${message}${delivery.first_campaign_sms ? ' Reply STOP to opt out' : ''}`;
      return this.sms.sendSms({ ...common, body });
    }
    const base = this.config.appUrl;
    const token = delivery.token ?? '';
    const email = renderCampaignEmail(
      message,
      {
        agencyName,
        agencyAddress: delivery.agency_address,
        agencyPhone: delivery.agency_phone,
        logoUrl: delivery.logo_url,
        primaryColor: delivery.primary_color,
      },
      {
        open: `${base}/api/t/o/${token}.gif`,
        click: (url) => `${base}/api/t/c/${token}?u=${encodeURIComponent(url)}`,
        unsubscribe: `${base}/api/u/${token}`,
        unsubscribeMailto: `mailto:${unsubscribeMailbox(this.config)}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
      },
    );
    return this.email.sendEmail({
      ...common,
      subject: delivery.subject ?? agencyName,
      text: email.text,
      html: email.html,
      headers: email.headers,
    });
  }
}
