import { createHash, randomBytes } from 'node:crypto';

import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { Client } from '../clients/client.entity.js';
import { clientName } from '../clients/client-activity.js';
import { ClientsService } from '../clients/clients.service.js';
import { isUuid } from '../common/ids.js';
import type { Language } from '../common/language.js';
import { messagesFor } from '../common/messages/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { allowedAt, nextAllowed, ruleFor } from '../delivery/calling-rules.js';
import { renderNoticeEmail } from '../delivery/email-template.js';
import { InboundReplies } from '../delivery/inbound-replies.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import { statesOf } from '../delivery/us-places.js';
import type { ClientBook } from '../members/book.js';
import { EMAIL_SENDER, type EmailSender, SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import type { User } from '../users/user.entity.js';
import { attestationsIn } from './attestations.js';
import { CONSENT_PURPOSES } from './consent.entity.js';
import { type ConsentEventRow, ConsentRepository, type OpenRenewal } from './consent.repository.js';
import { actorOf, ConsentLedger, CONTACT_CHANNELS } from './consent-ledger.service.js';
import { ConsentRenewal } from './consent-renewal.entity.js';
import type {
  BulkConsentDto,
  BulkConsentResultDto,
  ClientConsentDto,
  ConsentEventDto,
  LapsingConsentDto,
  RecordConsentDto,
  RenewalResultDto,
} from './dto/consent.dto.js';

/** A renewal request's link works this long. */
const RENEWAL_DAYS = 30;
/** A client is sent one renewal request a week at most. */
const RENEWAL_GAP_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

function eventView(row: ConsentEventRow): ConsentEventDto {
  return {
    id: row.id,
    channel: row.channel,
    purpose: row.purpose,
    granted: row.opted_in,
    source: row.source,
    evidence: row.evidence,
    // Who, without another person's id: the broker sees "broker", "admin", "client", "recipient" or "system".
    actor: row.actor?.split(':')[0] ?? null,
    ip: row.ip,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

/**
 * What brokers do with the ledger: read a client's permissions and their history, record a
 * permission they attest (or a revocation the client told them of), see whose marketing
 * permission is about to lapse and send those clients a renewal request, which the client answers
 * by replying YES or with the request's one-click link.
 */
@Injectable()
export class ConsentRecordsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: ConsentLedger,
    private readonly consents: ConsentRepository,
    private readonly clients: ClientsService,
    private readonly replies: InboundReplies,
    private readonly optOuts: OptOutsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    private readonly log: AgencyLogService,
  ) {}

  onModuleInit(): void {
    this.replies.onReply(async (from, word, language) => (word === 'yes' ? this.renewByReply(from, language) : undefined));
  }

  async forClient(book: ClientBook, clientId: string): Promise<ClientConsentDto> {
    const client = await this.clients.findOwned(book, clientId);
    const grid = (await this.ledger.grids([client.id])).get(client.id)!;
    const current = CONTACT_CHANNELS.flatMap((channel) =>
      CONSENT_PURPOSES.map((purpose) => {
        const status = grid[channel][purpose];
        return {
          channel,
          purpose,
          state: status.state,
          since: iso(status.since),
          source: status.source ?? null,
          expiresAt: iso(status.expiresAt),
        };
      }),
    );
    return { current, events: (await this.consents.events(client.id)).map(eventView) };
  }

  /** The broker attests a permission (its text is the evidence), or records that the client took it back. */
  async record(broker: User, book: ClientBook, actor: Actor, clientId: string, input: RecordConsentDto): Promise<ClientConsentDto> {
    const client = await this.clients.findOwned(book, clientId);
    const channels = input.channels ?? CONTACT_CHANNELS;
    await this.em.transactional(async (em) => {
      await this.ledger.record(
        {
          clientIds: [client.id],
          channels,
          purposes: [input.purpose],
          optedIn: input.granted,
          source: 'broker_added',
          evidence: input.granted ? attestationsIn(broker.language)[input.purpose] : 'The client told the broker they no longer agree',
          actor: actorOf.broker(broker.id),
        },
        em,
      );
      this.log.record(em, actor, {
        action: 'consent_recorded',
        targetType: 'client',
        targetId: client.id,
        summary: input.granted
          ? `Recorded ${clientName(client)}’s permission for ${input.purpose}`
          : `Recorded that ${clientName(client)} revoked their permission for ${input.purpose}`,
        after: { purpose: input.purpose, channels, granted: input.granted },
      });
    });
    return this.forClient(book, client.id);
  }

  /** The broker attests one permission for each of these clients: one event each, with the bulk attestation's words. */
  async recordMany(broker: User, book: ClientBook, actor: Actor, input: BulkConsentDto): Promise<BulkConsentResultDto> {
    const ids = [...new Set(input.clientIds)];
    await this.clients.assertOwned(book, ids);
    const attestations = attestationsIn(broker.language);
    const what = input.purpose === 'marketing' ? 'marketing' : 'reminder';
    const message = `Recorded ${what} permission for ${ids.length} client${ids.length === 1 ? '' : 's'}.`;
    await this.em.transactional(async (em) => {
      await this.ledger.record(
        {
          clientIds: ids,
          channels: CONTACT_CHANNELS,
          purposes: [input.purpose],
          optedIn: true,
          source: 'broker_added',
          evidence: input.purpose === 'marketing' ? attestations.bulkMarketing : attestations.bulkReminders,
          actor: actorOf.broker(broker.id),
        },
        em,
      );
      this.log.record(em, actor, {
        action: 'consent_recorded_bulk',
        targetType: 'clients',
        summary: message,
        after: { purpose: input.purpose, channels: CONTACT_CHANNELS, granted: true, clientIds: ids, count: ids.length },
      });
    });
    return { recorded: ids.length, message };
  }

  async lapsing(book: ClientBook): Promise<LapsingConsentDto[]> {
    const rows = await this.consents.lapsing(book, this.config.consent.marketingMonths, this.config.consent.lapseWarningDays);
    return rows.map((row) => ({
      id: row.client_id,
      clientId: row.client_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      expiresAt: new Date(row.expires_at).toISOString(),
      renewalSentAt: iso(row.renewal_sent_at),
    }));
  }

  /**
   * Sends each client a request to renew their marketing permission: by text when they can be texted
   * (within the calling hours where they live), else by e-mail. Answers how many went and why the
   * others did not.
   */
  async requestRenewals(broker: User, book: ClientBook, actor: Actor, clientIds: string[]): Promise<RenewalResultDto> {
    const ids = [...new Set(clientIds.filter(isUuid))];
    await this.clients.assertOwned(book, ids);
    const lapsing = new Map((await this.lapsing(book)).map((row) => [row.clientId, row]));
    const grids = await this.ledger.grids(ids);
    // One read of the clients and one of their addresses' opt-outs for the whole request.
    const clients = await this.em.find(Client, { id: { $in: ids }, broker: broker.id }, { orderBy: { lastName: 'asc', firstName: 'asc' } });
    const optedOut = await this.optOuts.optedOut(clients.flatMap((c) => [c.phone, ...(c.email ? [c.email.toLowerCase()] : [])]));
    const result: RenewalResultDto = { sent: 0, notSent: [] };
    const sentTo: string[] = [];
    for (const client of clients) {
      const id = client.id;
      const name = `${client.firstName} ${client.lastName}`;
      const row = lapsing.get(id);
      if (!row) {
        result.notSent.push(`${name}: their marketing permission is not about to lapse`);
        continue;
      }
      if (row.renewalSentAt && Date.now() - new Date(row.renewalSentAt).getTime() < RENEWAL_GAP_DAYS * 86_400_000) {
        result.notSent.push(`${name}: a request was already sent this week`);
        continue;
      }
      const grid = grids.get(id)!;
      const reachable = (channel: Channel, address: string | null | undefined) =>
        !!address &&
        !optedOut.has(`${channel === 'email' ? address.toLowerCase() : address}|${channel}`) &&
        grid[channel].marketing.state !== 'revoked';
      const zone = clientTimeZone(client, broker.timeZone);
      const rule = ruleFor(statesOf(client));
      let channel: Channel | undefined;
      if (reachable('sms', client.phone)) {
        if (allowedAt(new Date(), zone, rule)) channel = 'sms';
        else if (!reachable('email', client.email)) {
          const opens = DateTime.fromJSDate(nextAllowed(new Date(), zone, rule), { zone }).toFormat('ccc h:mm a');
          result.notSent.push(`${name}: outside the calling hours where they live; try again after ${opens} their time`);
          continue;
        }
      }
      if (!channel && reachable('email', client.email)) channel = 'email';
      if (!channel) {
        result.notSent.push(`${name}: they cannot be texted or e-mailed (opted out, or no address)`);
        continue;
      }
      await this.sendRenewal(broker, client, channel, new Date(row.expiresAt), zone);
      result.sent += 1;
      sentTo.push(id);
    }
    if (sentTo.length) {
      await this.log.recordNow(actor, {
        action: 'consent_renewals_requested',
        targetType: 'clients',
        summary: `Asked ${sentTo.length} client${sentTo.length === 1 ? '' : 's'} to renew their marketing permission`,
        after: { clientIds: sentTo, sent: sentTo.length, notSent: result.notSent.length },
      });
    }
    return result;
  }

  private async sendRenewal(
    broker: User,
    client: { id: string; phone: string; email?: string | null; language: Language },
    channel: Channel,
    expiresAt: Date,
    zone: string,
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const link = `${this.config.appUrl}/api/consent/renew/${token}`;
    const words = messagesFor(client.language);
    const agency = broker.agencyName || `${broker.firstName ?? ''} ${broker.lastName ?? ''}`.trim() || words.YourAgency;
    const date = DateTime.fromJSDate(expiresAt, { zone }).setLocale(words.locale).toLocaleString(DateTime.DATE_FULL);
    const when = expiresAt.getTime() <= Date.now() ? words.email.permissionEnded(date) : words.email.permissionEnds(date);
    const recipient = channel === 'sms' ? client.phone : client.email!;
    const message = channel === 'sms' ? words.sms.renewal(agency, when, link) : words.email.renewalText(agency, when);
    this.em.create(ConsentRenewal, {
      clientId: client.id,
      brokerId: broker.id,
      channel,
      recipient,
      message,
      tokenHash: hashToken(token),
      expiresAt: DateTime.now().plus({ days: RENEWAL_DAYS }).toJSDate(),
    });
    await this.em.flush();
    if (channel === 'sms') {
      await this.sms.sendSms({ to: recipient, body: message, purpose: 'consent-renewal', brokerId: broker.id, secrets: [link] });
      return;
    }
    const email = renderNoticeEmail(
      {
        paragraphs: [message, words.email.renewalIfNothing],
        button: { label: words.email.renewalButton, url: link },
        reason: words.email.renewalReason(agency),
        stop: `${link}/stop`,
        language: client.language,
      },
      {
        agencyName: agency,
        agencyAddress: broker.agencyAddress,
        agencyPhone: broker.agencyPhone,
        logoUrl: broker.logoUrl,
        primaryColor: broker.primaryColor,
      },
    );
    await this.email.sendEmail({
      to: recipient,
      purpose: 'consent-renewal',
      brokerId: broker.id,
      subject: words.email.renewalSubject(agency),
      text: email.text,
      html: email.html,
      headers: email.headers,
      secrets: [link],
    });
  }

  /** The open request behind a link, for its page. */
  renewalOf(token: string): Promise<OpenRenewal | undefined> {
    return this.consents.renewalByToken(hashToken(token));
  }

  /** The client said yes on the request's page: marketing permission on every channel, from now. */
  renewByLink(token: string, ip: string | null): Promise<OpenRenewal | undefined> {
    return this.answer(this.renewalOf(token), true, 'Chose “Yes, keep me informed” on the page of the request', ip);
  }

  /** The client said no on the request's page: marketing stops everywhere. */
  declineByLink(token: string, ip: string | null): Promise<OpenRenewal | undefined> {
    return this.answer(this.renewalOf(token), false, 'Chose “No, stop” on the page of the request', ip);
  }

  /** Records the answer to an open request once (a second click or reply finds it answered), with the request's text as evidence. */
  private async answer(
    found: Promise<OpenRenewal | undefined>,
    granted: boolean,
    how: string,
    ip: string | null,
  ): Promise<OpenRenewal | undefined> {
    const renewal = await found;
    if (!renewal || !(await this.consents.answerRenewal(renewal.id))) return undefined;
    await this.ledger.record({
      clientIds: [renewal.client_id],
      channels: CONTACT_CHANNELS,
      purposes: ['marketing'],
      optedIn: granted,
      source: 'renewal',
      evidence: `${how}: ${renewal.message}`,
      actor: actorOf.recipient,
      ip,
    });
    return renewal;
  }

  /** A YES from a number with an open renewal request renews it; answers the text to send back. */
  private async renewByReply(from: string, language: Language): Promise<string | undefined> {
    const renewal = await this.answer(this.consents.renewalForPhone(from), true, 'Replied YES to', null);
    return renewal ? messagesFor(language).sms.renewed(renewal.agency_name) : undefined;
  }
}
