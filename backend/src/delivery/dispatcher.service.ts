import { performance } from 'node:perf_hooks';

import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { A2pReads, type TextSender } from '../a2p/a2p-reads.repository.js';
import { HELD_UNTIL, TEXT_HELD_REASON } from '../a2p/held-texts.js';
import { disclaimerOf, smsDisclaimer } from '../branding/tpmo.js';
import { fillMergeFields, phoneForReading } from '../campaigns/merge-fields.js';
import { Clock } from '../common/clock.js';
import { messagesFor } from '../common/messages/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { type ConsentGrid, ConsentLedger } from '../consent/consent-ledger.service.js';
import {
  AddressRejectedError,
  EMAIL_SENDER,
  type EmailSender,
  ProviderTimeoutError,
  SMS_SENDER,
  type SmsSender,
  VOICE_SENDER,
  type VoiceSender,
} from '../messaging/messaging.ports.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { allowedAt, type CallingRule, nextAllowed, ruleFor } from './calling-rules.js';
import { consentRefusal, withSponsorIfAllowed } from './consent-gate.js';
import { type ArchivedMessage, type ClaimedDelivery, type ClaimScope, DeliveryRepository } from './delivery.repository.js';
import { DeliveryOutcomesService, type OutcomeBatch } from './delivery-outcomes.service.js';
import { DeliveryQueue } from './delivery-queue.service.js';
import { type EmailBranding, renderCampaignEmail, renderNoticeEmail } from './email-template.js';
import { outsideQuietHours } from './quiet-hours.js';
import { caregiverAlert, caregiverEmail, caregiverInvitation, reminderCallScript, reminderText } from './reminder-content.js';
import { ClusterSendRate } from './send-rate.js';
import { clientTimeZone } from './time-zones.js';
import { statesOf } from './us-places.js';

/** The mailbox named in List-Unsubscribe: the sender's address. */
export function unsubscribeMailbox(config: AppConfig): string {
  return /<([^>]+)>/.exec(config.messaging.mailFrom)?.[1] ?? config.messaging.mailFrom;
}

export interface DispatchSummary {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Texts held for their agency's carrier registration (A2P 10DLC). */
  held: number;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** Why a message to a caregiver may not go (removed, not opted in, stopped), or undefined when it may. */
function caregiverRefusal(delivery: ClaimedDelivery): string | undefined {
  const byEmail = delivery.channel === 'email';
  if (delivery.caregiver_status === null) return 'The caregiver was removed';
  if (delivery.caregiver_message === 'invite')
    return delivery.caregiver_status === 'invited' ? undefined : 'The caregiver already answered';
  if (delivery.caregiver_status === 'invited')
    return byEmail ? 'The caregiver has not said yes yet' : 'The caregiver has not replied YES yet';
  if (delivery.caregiver_status === 'stopped') return byEmail ? 'The caregiver stopped the e-mails' : 'The caregiver replied STOP';
  return undefined;
}

/** The agency's branding for an e-mail. */
function brandingOf(delivery: ClaimedDelivery): EmailBranding {
  return {
    agencyName: delivery.agency_name || delivery.broker_name,
    agencyAddress: delivery.agency_address,
    agencyPhone: delivery.agency_phone,
    logoUrl: delivery.logo_url,
    primaryColor: delivery.primary_color,
  };
}

export interface RunOptions {
  /** Only this broker's reminders (Execute Reminders). */
  brokerId?: string;
  /** Decide what is due at this time rather than the Clock's. */
  now?: Date;
  /** The run's budget in real time (default 50 s). */
  maxMs?: number;
  /** Only campaign messages (the run a campaign send starts). */
  campaignsOnly?: boolean;
}

/** While a run drains a long queue, due reminders are looked for again this often. */
const REQUEUE_EVERY_MS = 5000;

/**
 * Turns due reminders into delivery rows and sends them. Safe to run in any number of app instances
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
  private readonly batchHandlers: ((clientIds: string[]) => Promise<unknown>)[] = [];
  /** The runs under way in this process (the scheduler's, and those a campaign send starts in the background). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(VOICE_SENDER) private readonly voice: VoiceSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    private readonly outcomes: DeliveryOutcomesService,
    private readonly deliveries: DeliveryRepository,
    private readonly queue: DeliveryQueue,
    private readonly optOuts: OptOutsService,
    private readonly ledger: ConsentLedger,
    private readonly clock: Clock,
    private readonly a2p: A2pReads,
  ) {
    const { ratePerSecond, twilio, smtpUrl } = config.messaging;
    // Provider limits only: the development outbox takes everything at once.
    this.limiter = new ClusterSendRate(em, {
      voice: twilio ? ratePerSecond.voice : 0,
      sms: twilio ? ratePerSecond.sms : 0,
      email: smtpUrl ? ratePerSecond.email : 0,
    });
  }

  /** Registers what to do once a batch was sent, with its clients (the clients module recomputes their engagement). */
  onBatchSent(handler: (clientIds: string[]) => Promise<unknown>): void {
    this.batchHandlers.push(handler);
  }

  private async afterSend(clientIds: string[]): Promise<void> {
    for (const handler of this.batchHandlers) await handler(clientIds);
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

  /**
   * One run: release abandoned claims, queue what is due, then claim and send until nothing is left
   * or `maxMs` of real time has passed. What is due is decided at the Clock's time, read at each step
   * (so what falls due during a long run is seen), or at `now` when given.
   */
  async runOnce(options: RunOptions = {}): Promise<DispatchSummary> {
    const run = this.run(options);
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** Resolves once no run is under way in this process (one a campaign send started in the background included). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async run(options: RunOptions): Promise<DispatchSummary> {
    const dueAt = () => options.now ?? this.clock.now();
    const summary: DispatchSummary = { queued: 0, sent: 0, failed: 0, skipped: 0, held: 0 };
    if (this.stopRequested) return summary;
    await this.releaseAbandonedClaims(dueAt());
    // Messages not confirmed in time are queued again (or ended) before the claims below.
    await this.outcomes.followUpUnconfirmed(dueAt());
    // The run's budget is real time, whatever the Clock says: a monotonic timer measures it.
    const deadline = performance.now() + (options.maxMs ?? 50_000);
    const queueDue = async () => (options.campaignsOnly ? 0 : this.queue.queueDue(dueAt(), options.brokerId));
    // Queue in bounded steps and send what was queued, until nothing is due or the run's time is up.
    while (performance.now() < deadline && !this.stopRequested) {
      const queued = await queueDue();
      summary.queued += queued;
      let claimedAny = false;
      let queuedAt = performance.now();
      // A burst is queued in steps: the next step is queued as soon as this run has claimed what the
      // last one queued (or a claim found no reminder left), so campaign messages do not fill the gaps.
      let lastQueued = queued;
      let remindersLeft = queued;
      let remindersRanOut = false;
      while (performance.now() < deadline && !this.stopRequested) {
        // A long drain (a big campaign) must not hold back reminders that fell due meanwhile either.
        if (performance.now() - queuedAt >= REQUEUE_EVERY_MS || (lastQueued > 0 && (remindersLeft <= 0 || remindersRanOut))) {
          lastQueued = await queueDue();
          summary.queued += lastQueued;
          remindersLeft = lastQueued;
          queuedAt = performance.now();
        }
        const claimed = await this.claim(dueAt(), { brokerId: options.brokerId, campaignsOnly: options.campaignsOnly });
        if (claimed.length === 0) break;
        // A claim takes reminders first: campaign messages in it mean no reminder was left queued.
        remindersRanOut = claimed.some((delivery) => delivery.campaign_id !== null);
        remindersLeft -= claimed.filter((delivery) => delivery.campaign_id === null).length;
        claimedAny = true;
        await this.send(claimed, summary, deadline);
        await this.afterSend([...new Set(claimed.map((d) => d.client_id))]);
      }
      if (queued === 0 && !claimedAny) break;
    }
    return summary;
  }

  /** Claims older than the timeout belong to a process that died: back to the queue (or failed after a retry). */
  async releaseAbandonedClaims(now: Date): Promise<number> {
    const released = await this.deliveries.releaseAbandonedClaims(
      new Date(now.getTime() - this.config.messaging.claimTimeoutSeconds * 1000),
    );
    if (released) this.logger.warn(`Released ${released} abandoned claim(s)`);
    return released;
  }

  /** Claims a batch of deliveries due at `now`, reminder lane first (see DeliveryRepository.claim), stamped with the Clock's time. */
  claim(now: Date, scope: ClaimScope = {}): Promise<ClaimedDelivery[]> {
    return this.deliveries.claim(now, this.config.messaging.dispatchBatchSize, scope, this.clock.now());
  }

  /** Turns what every feature module has due into delivery rows; answers how many were queued. */
  queueDue(now: Date, brokerId?: string): Promise<number> {
    return this.queue.queueDue(now, brokerId);
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
    // The ledger decides, for the whole batch at once, what each client allows now.
    const grids = await this.ledger.grids([...new Set(claimed.map((d) => d.client_id))], this.clock.now());
    // Which agencies may text, and through which messaging service (A2P 10DLC).
    const senders = await this.a2p.senders([...new Set(claimed.filter((d) => d.channel === 'sms').map((d) => d.broker_id))]);
    // The batch's final outcomes reach the reminders they belong to together, after the batch.
    const batch = this.outcomes.batch();
    const archive: ArchivedMessage[] = [];
    try {
      await this.sendAll(claimed, optedOut, grids, senders, summary, deadline, batch, archive);
    } finally {
      await this.deliveries.archiveMarketing(archive);
      await this.outcomes.report(batch);
    }
  }

  private async sendAll(
    claimed: ClaimedDelivery[],
    optedOut: Set<string>,
    grids: Map<string, ConsentGrid>,
    senders: Map<string, TextSender>,
    summary: DispatchSummary,
    deadline: number,
    batch: OutcomeBatch,
    archive: ArchivedMessage[],
  ): Promise<void> {
    await inParallel(claimed, this.config.messaging.dispatchConcurrency, async (claimedDelivery) => {
      // Hours and deferrals are decided at the Clock's time as this delivery's turn comes.
      const now = this.clock.now();
      const grid = grids.get(claimedDelivery.client_id);
      // The sponsor message is marketing: only with marketing permission, and within the marketing calling hours.
      const delivery =
        claimedDelivery.sponsor_message &&
        claimedDelivery.channel !== 'email' &&
        !allowedAt(now, this.zoneOf(claimedDelivery), this.marketingRule(claimedDelivery))
          ? { ...claimedDelivery, sponsor_message: '' }
          : withSponsorIfAllowed(claimedDelivery, grid);
      // The sponsor message is marketing: in a text, it ends with the TPMO disclaimer's short form.
      if (delivery.sponsor_message && delivery.channel === 'sms' && this.disclaimerOf(delivery)) {
        delivery.sponsor_message = `${delivery.sponsor_message} ${smsDisclaimer(this.disclaimerLink(delivery), delivery.client_language)}`;
      }
      if (this.stopRequested) {
        // Shutting down: not started, so back to the queue as it was, for another instance.
        await this.outcomes.deferUntil(delivery.id, now);
        return;
      }
      if (delivery.reminder_paused && !delivery.caregiver_id) {
        await this.outcomes.skipped(delivery.id, 'Paused by the client', batch);
        summary.skipped += 1;
        return;
      }
      if (delivery.broker_suspended) {
        if (!delivery.client_reminder_id) {
          // The agency's own reminders and campaigns stop; what falls due meanwhile is not sent later.
          await this.outcomes.skipped(delivery.id, 'The agency’s account is suspended', batch);
          summary.skipped += 1;
          return;
        }
        // A client's own reminder still goes (it is their medication), without the agency's sponsor message.
        delivery.sponsor_message = '';
      }
      if (!delivery.client_active) {
        await this.outcomes.skipped(delivery.id, 'The client is inactive', batch);
        summary.skipped += 1;
        return;
      }
      if (
        optedOut.has(`${delivery.recipient.toLowerCase()}|${delivery.channel}`) ||
        optedOut.has(`${delivery.recipient}|${delivery.channel}`)
      ) {
        const what = delivery.channel === 'voice' ? 'calls' : delivery.channel === 'sms' ? 'texts' : 'e-mails';
        await this.outcomes.skipped(delivery.id, `The recipient opted out of ${what}`, batch);
        summary.skipped += 1;
        return;
      }
      const withoutConsent = consentRefusal(delivery, grid);
      if (withoutConsent) {
        await this.outcomes.skipped(delivery.id, withoutConsent, batch);
        summary.skipped += 1;
        return;
      }
      if (delivery.caregiver_id) {
        const refusal = caregiverRefusal(delivery);
        if (refusal) {
          await this.outcomes.skipped(delivery.id, refusal, batch);
          summary.skipped += 1;
          return;
        }
        // Like campaign texts, caregiver texts wait for 08:00 in the client's zone (an e-mail rings no phone).
        const allowedAt = delivery.channel === 'sms' ? outsideQuietHours(now, this.zoneOf(delivery)) : new Date(0);
        if (allowedAt.getTime() > now.getTime()) {
          await this.outcomes.deferUntil(delivery.id, allowedAt);
          return;
        }
      }
      if (delivery.client_reminder_id && delivery.attempts > 1 && delivery.channel !== 'email') {
        // The client chose their reminder's time; a retry they did not choose never rings at night.
        if (outsideQuietHours(now, this.zoneOf(delivery)).getTime() > now.getTime()) {
          await this.outcomes.notSentAgain(delivery.id, 'Not sent again: quiet hours (21:00–08:00 where the client lives)', batch);
          summary.skipped += 1;
          return;
        }
      }
      if (delivery.campaign_id && delivery.channel !== 'email') {
        // Marketing calls and texts keep the calling hours of every state that applies to the
        // client (federal 8:00–21:00 at the least); outside them they wait for the next allowed minute.
        const allowed = nextAllowed(now, this.zoneOf(delivery), this.marketingRule(delivery));
        if (allowed.getTime() > now.getTime()) {
          await this.outcomes.deferUntil(delivery.id, allowed);
          return;
        }
      }
      const sender = delivery.channel === 'sms' ? senders.get(delivery.broker_id) : undefined;
      if (delivery.channel === 'sms' && !sender && this.config.messaging.a2p.holdUnregisteredTexts) {
        // Carriers block texts of an unregistered brand: held, with its reason, until the agency's campaign is approved.
        await this.outcomes.hold(delivery.id, TEXT_HELD_REASON, HELD_UNTIL);
        summary.held += 1;
        return;
      }
      if (this.limiter.limits(delivery.channel)) {
        // The send rate is real pacing: waits are real time, against the run's monotonic deadline.
        const wait = await this.limiter.reserve(delivery.channel, Math.max(0, deadline - performance.now()));
        if (wait === undefined) {
          // The channel's rate leaves no room before this run ends: the next run sends it.
          const waitFor = await this.limiter.waitFor(delivery.channel);
          await this.outcomes.deferUntil(delivery.id, new Date(this.clock.now().getTime() + waitFor));
          return;
        }
        if (wait > 0 && !(await this.pause(wait))) {
          await this.outcomes.deferUntil(delivery.id, this.clock.now());
          return;
        }
      }
      try {
        const composed: ArchivedMessage[] = [];
        const result = await this.deliver(delivery, composed, sender?.messagingServiceSid ?? undefined);
        // A marketing message is kept as sent once the provider took it.
        archive.push(...composed);
        await this.outcomes.sent(delivery.id, result.providerId, result.status === 'completed', delivery.channel, batch);
        summary.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        try {
          // A hard bounce: the address is suppressed for every later send, and its clients' e-mail permission
          // revoked — before the delivery shows as failed, so whoever sees the failure sees the suppression too.
          if (error instanceof AddressRejectedError) await this.ledger.suppressEmail(error.address, 'bounce', error.message);
        } finally {
          // A provider that did not answer in time is tried once more later (as a busy call is); other errors are final.
          if (error instanceof ProviderTimeoutError) await this.outcomes.retryLater(delivery.id, message, this.clock.now(), batch);
          else await this.outcomes.failed(delivery.id, message, batch);
        }
        summary.failed += 1;
      }
    });
  }

  /** The client's time zone (their portal's, else where they live, else their phone's area code, else the broker's). */
  private zoneOf(delivery: ClaimedDelivery): string {
    return clientTimeZone(
      { timeZone: delivery.client_time_zone, phone: delivery.client_phone, zip: delivery.client_zip, state: delivery.client_state },
      delivery.broker_time_zone,
    );
  }

  /** The calling hours for marketing to this client: federal, narrowed by their state's and their number's state's. */
  private marketingRule(delivery: ClaimedDelivery): CallingRule {
    return ruleFor(statesOf({ zip: delivery.client_zip, state: delivery.client_state, phone: delivery.recipient }));
  }

  private deliver(delivery: ClaimedDelivery, archive: ArchivedMessage[], messagingServiceSid?: string) {
    if (delivery.campaign_id) return this.deliverCampaign(delivery, archive, messagingServiceSid);
    if (delivery.caregiver_id && delivery.channel === 'email') return this.deliverCaregiverEmail(delivery);
    if (delivery.caregiver_id) {
      // The client's private circle: not attributed to the broker in the outbox either.
      const body =
        delivery.caregiver_message === 'invite' ? caregiverInvitation(delivery) : caregiverAlert(delivery, this.zoneOf(delivery));
      return this.sms.sendSms({
        to: delivery.recipient,
        deliveryId: delivery.id,
        purpose: 'caregiver',
        brokerId: null,
        body,
        messagingServiceSid,
      });
    }
    const fromClient = delivery.client_reminder_id !== null;
    // A client's own reminder is their health information: it is not attributed to the broker in the outbox.
    const common = {
      to: delivery.recipient,
      deliveryId: delivery.id,
      purpose: fromClient ? 'client-reminder' : 'reminder',
      brokerId: fromClient ? null : delivery.broker_id,
    };
    if (delivery.channel === 'voice') return this.voice.sendCall({ ...common, script: reminderCallScript(delivery) });
    return this.sms.sendSms({ ...common, body: reminderText(delivery), messagingServiceSid });
  }

  /** An e-mail caregiver's invitation or alert, with their page's links; like their texts, not attributed to the broker. */
  private deliverCaregiverEmail(delivery: ClaimedDelivery) {
    const page = `${this.config.appUrl}/api/caregiver/${delivery.caregiver_token ?? ''}`;
    const { subject, notice } = caregiverEmail(delivery, this.zoneOf(delivery), { page, stop: `${page}/stop` });
    const email = renderNoticeEmail(notice, brandingOf(delivery));
    return this.email.sendEmail({
      to: delivery.recipient,
      deliveryId: delivery.id,
      purpose: 'caregiver',
      brokerId: null,
      subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
    });
  }

  /** The agency's TPMO disclaimer (its own wording or the generated one), or null when it does not sell plans. */
  private disclaimerOf(delivery: ClaimedDelivery): string | null {
    return disclaimerOf(
      {
        sellsPlans: delivery.sells_plans,
        tpmoOrganizations: delivery.tpmo_organizations,
        tpmoPlans: delivery.tpmo_plans,
        tpmoDisclaimer: delivery.tpmo_disclaimer,
      },
      delivery.client_language,
    );
  }

  /** The page with the whole disclaimer, which a marketing text links to (in the client's language). */
  private disclaimerLink(delivery: ClaimedDelivery): string {
    return `${this.config.appUrl}/api/public/disclaimer/${delivery.broker_id}${delivery.client_language === 'es' ? '?lang=es' : ''}`;
  }

  private deliverCampaign(delivery: ClaimedDelivery, archive: ArchivedMessage[], messagingServiceSid?: string) {
    const common = { to: delivery.recipient, deliveryId: delivery.id, purpose: 'campaign', brokerId: delivery.broker_id };
    const agencyName = delivery.agency_name || delivery.broker_name;
    const fields = {
      firstName: delivery.client_first_name,
      lastName: delivery.client_last_name,
      agencyName,
      agencyPhone: phoneForReading(delivery.agency_phone),
    };
    const message = fillMergeFields(delivery.message ?? '', fields);
    const disclaimer = this.disclaimerOf(delivery);
    if (delivery.channel === 'sms') {
      const short = disclaimer ? ` ${smsDisclaimer(this.disclaimerLink(delivery), delivery.client_language)}` : '';
      const optOut = delivery.first_campaign_sms ? ` ${messagesFor(delivery.client_language).sms.campaignOptOut}` : '';
      const body = `${agencyName ? `${agencyName}: ` : ''}${message}${short}${optOut}`;
      archive.push({ delivery, subject: null, body });
      return this.sms.sendSms({ ...common, body, messagingServiceSid });
    }
    const base = this.config.appUrl;
    const token = delivery.token ?? '';
    const email = renderCampaignEmail(
      message,
      brandingOf(delivery),
      {
        open: `${base}/api/t/o/${token}.gif`,
        click: (url) => `${base}/api/t/c/${token}?u=${encodeURIComponent(url)}`,
        unsubscribe: `${base}/api/u/${token}`,
        unsubscribeMailto: `mailto:${unsubscribeMailbox(this.config)}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
      },
      disclaimer,
      delivery.client_language,
    );
    const subject = delivery.subject ? fillMergeFields(delivery.subject, fields) : agencyName;
    archive.push({ delivery, subject, body: email.text });
    return this.email.sendEmail({ ...common, subject, text: email.text, html: email.html, headers: email.headers });
  }
}
