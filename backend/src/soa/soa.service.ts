import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  GoneException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { DateTime } from 'luxon';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import type { Client } from '../clients/client.entity.js';
import { clientName } from '../clients/client-activity.js';
import { ClientsService } from '../clients/clients.service.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { clientTimeZone } from '../delivery/time-zones.js';
import type { ClientBook } from '../members/book.js';
import { Member } from '../members/member.entity.js';
import type { MemberRole } from '../members/roles.js';
import { EMAIL_SENDER, type EmailSender, SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { User } from '../users/user.entity.js';
import type { ClientSoaDto, PrepareSoaDto, SignSoaDto, SoaDto, SoaSigningDto } from './dto/soa.dto.js';
import { ScopeOfAppointment, type SoaChannel, type SoaDocument, SoaSignature, type SoaTrailEvent } from './soa.entity.js';
import { SoaRepository, type SoaRow } from './soa.repository.js';
import { documentSha256, normalizeDrawnPath, renderSoaPdf, sha256 } from './soa-pdf.js';
import { checkAppointment, inLastFourDaysOfElectionPeriod, type SoaException, soaRuleAt, validUntil } from './soa-rules.js';
import { soaWordsFor } from './soa-words.js';

/** How long a link works at most; never past an hour after the appointment's time. */
export const SOA_LINK_DAYS = 7;
const HOUR = 3_600_000;
/** An appointment may be set a little in the past: a call in progress is prepared as it starts. */
const PAST_GRACE_MS = 15 * 60_000;
/** The farthest ahead an appointment may be set: an SOA is valid 12 months. */
const AHEAD_DAYS = 366;
const TOKEN_BYTES = 32;

const refuse = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new BadRequestException({ message, field, ...extra });

export const SOA_MESSAGES = {
  notValid: 'This link is not valid. It may have been copied incompletely.',
  expired: 'This link has expired. Ask your agent to send a new one.',
  cancelled: 'Your agent cancelled this appointment’s form. Ask them if you need a new one.',
  signed: 'This form is already signed. Thank you.',
  noDrawing: 'Draw your signature in the box, or type your name instead',
  notSent: 'The form could not be sent: the messaging provider did not answer. Please try again in a few minutes.',
} as const;

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function agencyNameOf(agency: User): string {
  return agency.agencyName || [agency.firstName, agency.lastName].filter(Boolean).join(' ') || 'Your insurance agency';
}

const memberName = (member: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || 'Your agent';

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null);
const isoOf = (date: Date | string) => new Date(date).toISOString();

/**
 * Scopes of Appointment (issue 51, docs/compliance.md#scope-of-appointment): prepared by the broker
 * for a client in their book, sent as a single-use link by text or e-mail in the client's language,
 * opened and signed on a page without signing in, kept as evidence (the signed content, its hash,
 * the PDF and its hash) for ten years. The rule in force on the appointment's day decides the wait.
 */
@Injectable()
export class SoaService {
  private readonly logger = new Logger('Soa');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: SoaRepository,
    private readonly clients: ClientsService,
    private readonly log: AgencyLogService,
    private readonly clock: Clock,
    private readonly optOuts: OptOutsService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forClient(book: ClientBook, clientId: string): Promise<SoaDto[]> {
    const client = await this.clients.findOwned(book, clientId);
    return (await this.repository.forClient(book, client.id)).map((row) => this.view(row));
  }

  async get(book: ClientBook, id: string): Promise<SoaDto> {
    return this.view(await this.rowInBook(book, id));
  }

  /** The book's SOAs waiting for a signature, soonest appointment first. */
  async unsigned(book: ClientBook, limit = 20): Promise<{ items: SoaDto[]; total: number }> {
    const { rows, total } = await this.repository.unsigned(book, limit);
    return { items: rows.map((row) => this.view(row)), total };
  }

  /**
   * Prepares an SOA and sends its link. Under a rule with a wait after signing, an appointment sooner
   * than the wait after now (the soonest the client could sign) is refused unless the broker names
   * the exception that applies; the answer says when the appointment could be.
   */
  async prepare(book: ClientBook, actor: Actor, role: MemberRole, clientId: string, input: PrepareSoaDto): Promise<SoaDto> {
    const client = await this.clients.findOwned(book, clientId);
    if (!client.isActive) throw new ConflictException('Reactivate this client before preparing a Scope of Appointment.');
    const now = this.clock.now();
    const appointmentAt = new Date(input.appointmentAt);
    if (appointmentAt.getTime() < now.getTime() - PAST_GRACE_MS)
      throw refuse('appointmentAt', 'The appointment is in the past. The Scope of Appointment must be signed before it.');
    if (appointmentAt.getTime() > now.getTime() + AHEAD_DAYS * 24 * HOUR)
      throw refuse('appointmentAt', 'Set an appointment within the next 12 months.');

    const rule = soaRuleAt(appointmentAt);
    const exception = rule.exceptions.length ? (input.exception ?? null) : null;
    const check = checkAppointment(appointmentAt, now, exception);
    if (check.tooSoon) {
      const agency = await this.em.findOneOrFail(User, { id: book.agencyId });
      const earliest = DateTime.fromJSDate(check.earliestAt, { zone: agency.timeZone }).toFormat("LLL d, yyyy 'at' h:mm a ZZZZ");
      throw refuse(
        'appointmentAt',
        `Under the rule in force on the appointment’s day, it may be held no sooner than ${rule.waitHours} hours after the client signs: ${earliest} at the earliest. Choose a later time, or the exception that applies.`,
        { earliestAt: check.earliestAt.toISOString(), exceptions: rule.exceptions, ruleId: rule.id },
      );
    }

    const agent = await this.agentFor(book, actor, role, client, input.agentMemberId);
    const channel = await this.channelFor(client, input.channel);
    const { secret, tokenHash } = newToken();
    const soa = await this.em.transactional(async (em) => {
      const created = em.create(ScopeOfAppointment, {
        brokerId: book.agencyId,
        clientId: client.id,
        preparedByMemberId: actor.memberId,
        agentMemberId: agent.id,
        agentName: memberName(agent),
        products: [...input.products],
        appointmentAt,
        method: input.method,
        exception,
        ruleId: rule.id,
        language: client.language,
        channel,
        recipient: channel === 'sms' ? client.phone : client.email!,
        tokenHash,
        linkExpiresAt: linkExpiry(now, appointmentAt),
        sentAt: now,
        trail: [
          { event: 'prepared', at: now.toISOString(), memberId: actor.memberId },
          { event: 'sent', at: now.toISOString(), channel },
        ],
      });
      await em.flush();
      return created;
    });
    await this.sendOrUndo(soa, client, secret, () => this.em.nativeDelete(ScopeOfAppointment, { id: soa.id, status: 'sent' }));
    // Logged once the link went: a provider that failed leaves neither the SOA nor an entry.
    await this.log.recordNow(actor, {
      action: 'soa_sent',
      targetType: 'client',
      targetId: client.id,
      summary: `Sent ${clientName(client)} a Scope of Appointment to sign by ${channel === 'sms' ? 'text message' : 'e-mail'}`,
      after: { soaId: soa.id, products: soa.products, appointmentAt: appointmentAt.toISOString(), method: input.method, exception },
    });
    return this.get(book, soa.id);
  }

  /** A new link for an SOA not yet signed (the one sent before stops working). */
  async resend(book: ClientBook, actor: Actor, id: string): Promise<SoaDto> {
    await this.rowInBook(book, id);
    const now = this.clock.now();
    const { secret, tokenHash } = newToken();
    const { soa, client, previous } = await this.em.transactional(async (em) => {
      const locked = await em.findOneOrFail(ScopeOfAppointment, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (locked.status !== 'sent') throw new ConflictException(`This Scope of Appointment is ${locked.status}; prepare a new one.`);
      if (locked.appointmentAt.getTime() < now.getTime() - PAST_GRACE_MS)
        throw new ConflictException('The appointment has passed. Prepare a new Scope of Appointment for the next one.');
      const owner = await this.clients.findOwned(book, locked.clientId, em);
      const before = { tokenHash: locked.tokenHash, linkExpiresAt: locked.linkExpiresAt, trail: locked.trail };
      locked.tokenHash = tokenHash;
      locked.linkExpiresAt = linkExpiry(now, locked.appointmentAt);
      locked.trail = [...locked.trail, { event: 'resent', at: now.toISOString(), channel: locked.channel }];
      await em.flush();
      return { soa: locked, client: owner, previous: before };
    });
    await this.sendOrUndo(soa, client, secret, () =>
      this.em.nativeUpdate(ScopeOfAppointment, { id: soa.id, tokenHash, status: 'sent' }, previous),
    );
    await this.log.recordNow(actor, {
      action: 'soa_resent',
      targetType: 'client',
      targetId: client.id,
      summary: `Sent ${clientName(client)} the Scope of Appointment again`,
      after: { soaId: soa.id },
    });
    return this.get(book, id);
  }

  async cancel(book: ClientBook, actor: Actor, id: string): Promise<SoaDto> {
    await this.rowInBook(book, id);
    const now = this.clock.now();
    await this.em.transactional(async (em) => {
      const locked = await em.findOneOrFail(ScopeOfAppointment, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (locked.status === 'signed')
        throw new ConflictException('A signed Scope of Appointment is kept as it is; it cannot be cancelled.');
      if (locked.status === 'cancelled') return;
      const client = await this.clients.findOwned(book, locked.clientId, em);
      locked.status = 'cancelled';
      locked.cancelledAt = now;
      locked.trail = [...locked.trail, { event: 'cancelled', at: now.toISOString(), memberId: actor.memberId }];
      this.log.record(em, actor, {
        action: 'soa_cancelled',
        targetType: 'client',
        targetId: client.id,
        summary: `Cancelled ${clientName(client)}’s unsigned Scope of Appointment`,
        before: { soaId: locked.id },
      });
      await em.flush();
    });
    return this.get(book, id);
  }

  /** Whether `soaId` is a signed SOA of this client of the agency (a policy's application may name it). */
  async isSignedFor(agencyId: string, clientId: string, soaId: string): Promise<boolean> {
    return (await this.em.count(ScopeOfAppointment, { id: soaId, brokerId: agencyId, clientId, status: 'signed' })) > 0;
  }

  /** A signed SOA's PDF, as it was made at the signature, with its SHA-256. */
  async pdf(book: ClientBook, id: string): Promise<{ pdf: Buffer; sha256: string; filename: string }> {
    const row = await this.rowInBook(book, id);
    return this.signedPdf(row);
  }

  /** The client's own signed SOAs, for the portal. */
  async ofClient(clientId: string): Promise<ClientSoaDto[]> {
    return (await this.repository.signedOfClient(clientId)).map((row) => ({
      id: row.id,
      products: row.products as ClientSoaDto['products'],
      appointmentAt: isoOf(row.appointment_at),
      method: row.method as ClientSoaDto['method'],
      agentName: row.agent_name,
      signedAt: isoOf(row.signed_at!),
      signerName: row.signer_name!,
      validUntil: isoOf(row.valid_until!),
    }));
  }

  async pdfOfClient(clientId: string, id: string): Promise<{ pdf: Buffer; sha256: string; filename: string }> {
    const row = isUuid(id) ? (await this.repository.signedOfClient(clientId)).find((item) => item.id === id) : undefined;
    if (!row) throw new NotFoundException('Scope of Appointment not found');
    return this.signedPdf(row);
  }

  /**
   * What the signing page shows for a link; the first look from a browser is recorded as opened
   * (the page asks for it with a script, so a mail scanner's fetch of the link's page is not).
   */
  async signingView(token: string, ip: string | null, userAgent: string | null): Promise<SoaSigningDto> {
    const soa = await this.byToken(token);
    const now = this.clock.now();
    if (soa.status === 'sent' && !soa.openedAt && soa.linkExpiresAt > now) {
      await this.em.nativeUpdate(
        ScopeOfAppointment,
        { id: soa.id, openedAt: null },
        { openedAt: now, trail: [...soa.trail, { event: 'opened', at: now.toISOString(), ip, userAgent: clip(userAgent) }] },
      );
    }
    const { agency, client } = await this.partiesOf(soa);
    return {
      status: signingStatus(soa, now),
      agencyName: agencyNameOf(agency),
      primaryColor: agency.primaryColor,
      logoUrl: agency.logoUrl ?? null,
      beneficiaryName: clientName(client),
      agentName: soa.agentName,
      products: soa.products,
      appointmentAt: soa.appointmentAt.toISOString(),
      method: soa.method,
      timeZone: clientTimeZone(client, agency.timeZone),
      language: soa.language,
      signedAt: iso(soa.signedAt),
    };
  }

  /**
   * The client signs: in one transaction the link is used up, the document as signed is kept with
   * its hash, the PDF is made and kept with its hash, and the SOA is marked signed. A link used,
   * expired or cancelled says so.
   */
  async sign(token: string, input: SignSoaDto, ip: string | null, userAgent: string | null): Promise<SoaSigningDto> {
    const drawn = input.signatureKind === 'drawn' ? normalizeDrawnPath(input.drawnSignature ?? '') : null;
    if (input.signatureKind === 'drawn' && !drawn) throw refuse('drawnSignature', SOA_MESSAGES.noDrawing);
    const signerName = input.signerName.trim();
    if (!signerName) throw refuse('signerName', 'Type your full name');
    if (input.signerRole === 'representative' && !input.relationship?.trim())
      throw refuse('relationship', 'Say how you are related to the beneficiary');
    if (input.signerRole === 'beneficiary' && input.relationship != null)
      throw refuse('relationship', 'Only an authorized representative says how they are related');
    if (input.signatureKind === 'typed' && input.drawnSignature != null)
      throw refuse('drawnSignature', 'A typed signature has no drawing: choose one or the other');
    const found = await this.byToken(token);
    await this.em.transactional(async (em) => {
      const soa = await em.findOneOrFail(ScopeOfAppointment, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      const now = this.clock.now();
      const status = signingStatus(soa, now);
      if (status === 'signed') throw new ConflictException(SOA_MESSAGES.signed);
      if (status === 'cancelled') throw new GoneException(SOA_MESSAGES.cancelled);
      if (status === 'expired' || soa.tokenHash !== found.tokenHash) throw new GoneException(SOA_MESSAGES.expired);
      const { agency, client } = await this.partiesOf(soa, em);
      const rule = soaRuleAt(soa.appointmentAt);
      const check = checkAppointment(soa.appointmentAt, now, soa.exception ?? null);
      const trail: SoaTrailEvent[] = [...soa.trail, { event: 'signed', at: now.toISOString(), ip, userAgent: clip(userAgent) }];
      const document: SoaDocument = {
        soaId: soa.id,
        agencyName: agencyNameOf(agency),
        clientName: clientName(client),
        agentName: soa.agentName,
        products: soa.products,
        appointmentAt: soa.appointmentAt.toISOString(),
        method: soa.method,
        timeZone: clientTimeZone(client, agency.timeZone),
        language: soa.language,
        ruleId: soa.ruleId,
        exception: soa.exception ?? null,
        signer: {
          name: signerName,
          role: input.signerRole,
          relationship: input.signerRole === 'representative' ? (input.relationship?.trim() ?? null) : null,
          signature: input.signatureKind,
        },
        signedAt: now.toISOString(),
        trail,
      };
      const contentHash = documentSha256(document);
      const pdf = await renderSoaPdf(document, drawn, contentHash);
      em.create(SoaSignature, {
        soaId: soa.id,
        brokerId: soa.brokerId,
        clientId: soa.clientId,
        signedAt: now,
        signerName,
        signerRole: input.signerRole,
        relationship: document.signer.relationship,
        signatureKind: input.signatureKind,
        drawnSignature: drawn,
        ip,
        userAgent: clip(userAgent),
        document,
        documentSha256: contentHash,
        pdf,
        pdfSha256: sha256(pdf),
        earliestAppointmentAt: check.earliestAt,
        tooSoon: check.tooSoon,
        validUntil: validUntil(now, rule),
      });
      soa.status = 'signed';
      soa.signedAt = now;
      soa.trail = trail;
      await em.flush();
    });
    this.logger.log({ soaId: found.id, brokerId: found.brokerId }, 'Scope of Appointment signed');
    return this.signingView(token, ip, userAgent);
  }

  private async rowInBook(book: ClientBook, id: string): Promise<SoaRow> {
    const row = isUuid(id) ? await this.repository.one(book, id) : undefined;
    if (!row) throw new NotFoundException('Scope of Appointment not found');
    return row;
  }

  private async signedPdf(row: SoaRow): Promise<{ pdf: Buffer; sha256: string; filename: string }> {
    if (row.status !== 'signed') throw new ConflictException('This Scope of Appointment is not signed yet.');
    const signature = await this.em.fork().findOneOrFail(SoaSignature, { soaId: row.id }, { populate: ['pdf'] });
    const day = DateTime.fromJSDate(signature.signedAt, { zone: 'UTC' }).toISODate();
    const name = row.client_name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'client';
    return { pdf: signature.pdf, sha256: signature.pdfSha256, filename: `scope-of-appointment-${name}-${day}.pdf` };
  }

  /** The SOA a link names, or 404 for anything else (a wrong secret takes as long as a right one). */
  private async byToken(token: string): Promise<ScopeOfAppointment> {
    const dot = token.indexOf('.');
    const id = token.slice(0, dot);
    const secret = token.slice(dot + 1);
    const soa =
      dot > 0 && isUuid(id) && /^[A-Za-z0-9_-]{43}$/.test(secret) ? await this.em.fork().findOne(ScopeOfAppointment, { id }) : null;
    const expected = Buffer.from(soa?.tokenHash ?? hashOf(''), 'hex');
    const given = Buffer.from(hashOf(secret), 'hex');
    const matches = timingSafeEqual(expected, given);
    if (soa && matches) return soa;
    throw new NotFoundException(SOA_MESSAGES.notValid);
  }

  private async partiesOf(soa: ScopeOfAppointment, em: EntityManager = this.em.fork()): Promise<{ agency: User; client: Client }> {
    const agency = await em.findOneOrFail(User, { id: soa.brokerId });
    const client = await this.clients.findOwned({ agencyId: soa.brokerId, assignedTo: null }, soa.clientId, em);
    return { agency, client };
  }

  /** The agent named, or by default the member preparing it when they sell, else the client's member. */
  private async agentFor(book: ClientBook, actor: Actor, role: MemberRole, client: Client, chosen?: string): Promise<Member> {
    const id = chosen ?? (role === 'owner' || role === 'agent' ? actor.memberId : client.assignedMemberId);
    const agent = id ? await this.em.findOne(Member, { id, agencyId: book.agencyId, removedAt: null, invitationHash: null }) : null;
    if (!agent) throw refuse('agentMemberId', 'Choose the agent who holds the appointment (a member of this agency who has joined)');
    return agent;
  }

  /** The channel asked for when it reaches the client, else a text when their phone takes texts, else e-mail. */
  private async channelFor(client: Client, chosen?: SoaChannel): Promise<SoaChannel> {
    const textsBlocked = (await this.optOuts.optedOut([client.phone])).has(`${client.phone}|sms`);
    if (chosen === 'sms' && textsBlocked)
      throw refuse('channel', `${clientName(client)} asked not to get text messages. Send it by e-mail instead.`);
    if (chosen === 'email' && !client.email)
      throw refuse('channel', `${clientName(client)} has no e-mail address. Send it by text instead.`);
    if (chosen) return chosen;
    if (!textsBlocked) return 'sms';
    if (client.email) return 'email';
    throw new ConflictException(`${clientName(client)} cannot get text messages (they asked not to) and has no e-mail address.`);
  }

  /** Sends the link in the client's language; when the provider fails, `undo` takes the SOA back and the answer is a 503. */
  private async sendOrUndo(soa: ScopeOfAppointment, client: Client, secret: string, undo: () => Promise<unknown>): Promise<void> {
    const agency = await this.em.fork().findOneOrFail(User, { id: soa.brokerId });
    const words = soaWordsFor(soa.language);
    const zone = clientTimeZone(client, agency.timeZone);
    const format = (date: Date, pattern: string) => DateTime.fromJSDate(date, { zone }).setLocale(words.locale).toFormat(pattern);
    const link = `${this.config.appUrl}/soa/${soa.id}.${secret}`;
    const when = format(soa.appointmentAt, words.smsWhenFormat);
    const until = format(soa.linkExpiresAt, words.smsWhenFormat);
    const name = agencyNameOf(agency);
    const common = { purpose: 'scope-of-appointment', brokerId: soa.brokerId, secrets: [link] };
    try {
      if (soa.channel === 'sms') await this.sms.sendSms({ ...common, to: client.phone, body: words.sms(name, when, link, until) });
      else
        await this.email.sendEmail({
          ...common,
          to: client.email!,
          subject: words.emailSubject(name),
          text: `${words.emailText(name, when, until)}\n\n${link}\n\n${words.emailIgnore}`,
        });
    } catch (error) {
      this.logger.warn({ err: error, soaId: soa.id }, 'Scope of Appointment link could not be sent');
      await undo();
      throw new ServiceUnavailableException(SOA_MESSAGES.notSent);
    }
  }

  private view(row: SoaRow): SoaDto {
    const now = this.clock.now();
    const status =
      row.status === 'sent'
        ? new Date(row.link_expires_at) <= now
          ? 'expired'
          : row.opened_at
            ? 'opened'
            : 'sent'
        : (row.status as 'signed' | 'cancelled');
    const exception = row.exception as SoaException | null;
    return {
      id: row.id,
      clientId: row.client_id,
      clientName: row.client_name,
      products: row.products as SoaDto['products'],
      appointmentAt: isoOf(row.appointment_at),
      method: row.method as SoaDto['method'],
      exception,
      ruleId: row.rule_id,
      agentMemberId: row.agent_member_id,
      agentName: row.agent_name,
      channel: row.channel as SoaChannel,
      status,
      sentAt: isoOf(row.sent_at),
      openedAt: iso(row.opened_at),
      signedAt: iso(row.signed_at),
      linkExpiresAt: isoOf(row.link_expires_at),
      signerName: row.signer_name,
      signerRole: row.signer_role as SoaDto['signerRole'],
      relationship: row.relationship,
      validUntil: iso(row.valid_until),
      earliestAppointmentAt: iso(row.earliest_appointment_at),
      tooSoon: row.too_soon ?? false,
      pdfSha256: row.pdf_sha256,
      warning:
        exception === 'election_period_end' && !inLastFourDaysOfElectionPeriod(new Date(row.appointment_at))
          ? 'The appointment is not in the last four days of the AEP or the Medicare Advantage Open Enrollment Period: keep proof of the Special Enrollment Period that ends then.'
          : null,
      createdAt: isoOf(row.created_at),
    };
  }
}

function newToken(): { secret: string; tokenHash: string } {
  const secret = randomBytes(TOKEN_BYTES).toString('base64url');
  return { secret, tokenHash: hashOf(secret) };
}

/** A link works for SOA_LINK_DAYS, and no longer than an hour past the appointment's time. */
function linkExpiry(now: Date, appointmentAt: Date): Date {
  return new Date(Math.min(now.getTime() + SOA_LINK_DAYS * 24 * HOUR, appointmentAt.getTime() + HOUR));
}

function signingStatus(soa: ScopeOfAppointment, now: Date): SoaSigningDto['status'] {
  if (soa.status === 'signed' || soa.status === 'cancelled') return soa.status;
  return soa.linkExpiresAt <= now ? 'expired' : 'ready';
}

const clip = (text: string | null | undefined) => (text ? text.slice(0, 400) : null);
