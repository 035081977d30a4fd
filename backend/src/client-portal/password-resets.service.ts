import { createHash, randomBytes, randomInt } from 'node:crypto';

import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  type BeforeApplicationShutdown,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';

import { ClientAccount } from '../auth/client-account.entity.js';
import { LoginThrottleService } from '../auth/login-throttle.service.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { SessionService } from '../auth/session.service.js';
import { BrandingService } from '../branding/branding.service.js';
import type { Client } from '../clients/client.entity.js';
import { ClientsService } from '../clients/clients.service.js';
import { normalizePhone } from '../clients/contact.js';
import { EngagementService } from '../clients/engagement.service.js';
import { isUuid } from '../common/ids.js';
import { type Messages, messagesFor } from '../common/messages/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { ClientBook } from '../members/book.js';
import { EMAIL_SENDER, type EmailSender, SMS_SENDER, type SmsSender } from '../messaging/messaging.ports.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage.js';
import type { User } from '../users/user.entity.js';
import { assertPasswordRules, CLIENT_AUTH_MESSAGES, type SignedInClient } from './client-auth.service.js';
import { ClientPasswordReset, type PasswordResetKind } from './client-password-reset.entity.js';
import type { BrokerPasswordResetDto, PasswordResetConfirmDto } from './dto/password-reset.dto.js';
import { PasswordResetsRepository, type ResetLookup } from './password-resets.repository.js';

export const RESET_TTL_MINUTES = 30;
export const MAX_CODE_ATTEMPTS = 5;
/** Requests per identifier, and resets per account, in an hour. */
export const RESETS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

/** The answer to every request, whether an account matched or not. */
export const PASSWORD_RESET_ACCEPTED = `If an account matches, we sent a code by text message or a link by e-mail. It works for ${RESET_TTL_MINUTES} minutes.`;

export const PASSWORD_RESET_MESSAGES = {
  missingIdentifier: 'Please enter your username, phone number or e-mail address',
  missingSecret: 'Please enter the code from the text message, or open the link in the e-mail',
  invalid: 'This code or link is no longer valid. Ask for a new one.',
} as const;

/** The broker's answers (English, as every broker route's). */
export const BROKER_RESET_MESSAGES = {
  noAccount: 'This client has not created an account yet',
  inactive: 'Reactivate this client before sending a password reset.',
  unreachable: 'This client cannot get text messages (they asked not to) and has no e-mail address.',
  tooMany: `A password reset was already sent to this client ${RESETS_PER_HOUR} times in the last hour. Please try again later.`,
  notSent: 'The password reset could not be sent: the messaging provider did not answer. Please try again in a few minutes.',
} as const;

/** What a request or a code names, read every way it can be meant: a username, a phone number, an e-mail address. */
export function lookupOf(identifier: string): ResetLookup {
  const text = identifier.trim();
  const lower = text.toLowerCase();
  return {
    username: lower,
    phone: /[a-z@]/i.test(text) ? null : normalizePhone(text),
    email: text.includes('@') ? lower : null,
  };
}

/** What the hourly limit of one identifier counts under: a phone number is one, however it is typed. */
export function identifierKey(lookup: ResetLookup): string {
  return lookup.phone ?? lookup.username;
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function agencyNameOf(broker: Pick<User, 'agencyName' | 'firstName' | 'lastName'>, words: Messages): string {
  return broker.agencyName || [broker.firstName, broker.lastName].filter(Boolean).join(' ') || words.YourAgency;
}

/** 429 for a broker over the hourly number of resets to one client, with Retry-After (the error filter copies `headers`). */
class TooManyResetsException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    super({ message: BROKER_RESET_MESSAGES.tooMany, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * Client password resets (docs/client-portal.md#forgot-password). A request names a username, a
 * phone or an e-mail; every matching account gets a 6-digit code by text, or a single-use link by
 * e-mail when the client typed their e-mail address or texts cannot reach them; valid 30 minutes,
 * replacing any earlier one. Only argon2id hashes of the code and the link's secret are kept.
 *
 * Nothing in the answer to a request depends on whether an account matched: the limits are counted
 * first, by what was typed and by address, then the work (finding the accounts, hashing, sending)
 * goes on after the answer, with the same hashing for no match.
 */
@Injectable()
export class PasswordResetsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PasswordResets');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly em: EntityManager,
    private readonly resets: PasswordResetsRepository,
    private readonly counters: RateLimitStorage,
    private readonly optOuts: OptOutsService,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottleService,
    private readonly engagement: EngagementService,
    private readonly clients: ClientsService,
    private readonly branding: BrandingService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A client's request (anonymous): answered at once; sent, when an account matches and the limits allow, after the answer. */
  async request(identifier: string | undefined, address: string): Promise<void> {
    const typed = identifier?.trim();
    if (!typed) throw new BadRequestException(PASSWORD_RESET_MESSAGES.missingIdentifier);
    const lookup = lookupOf(typed);
    const [byIdentifier, byAddress] = await Promise.all([
      this.count('identifier', identifierKey(lookup), RESETS_PER_HOUR),
      this.count('address', address, this.config.rateLimits.passwordResetPerAddress),
    ]);
    if (byIdentifier.blocked || byAddress.blocked) {
      this.logger.warn(
        { over: byIdentifier.blocked ? 'identifier' : 'address' },
        'Password reset request over the hourly limit: nothing sent',
      );
      return;
    }
    this.inBackground(() => this.sendToMatching(lookup));
  }

  /** Resolves once every reset asked for so far has been sent (or failed): for shutdown, and tests. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  /**
   * The code (with what the client typed) or the link's token, and the new password: sets it,
   * ends the client's other sessions, and answers the signed-in client, as sign-in does. A wrong,
   * expired, used or void secret gets one message, whatever the reason.
   */
  async confirm(input: PasswordResetConfirmDto, address: string, now = new Date()): Promise<SignedInClient> {
    if (!input.password) throw new BadRequestException(CLIENT_AUTH_MESSAGES.missingFields);
    // The password first: a weak one is refused without using up a try of the code.
    assertPasswordRules(input.password);
    const token = input.token?.trim();
    const identifier = input.identifier?.trim();
    const code = input.code?.replace(/\s/g, '');
    let reset: ClientPasswordReset | null;
    if (token) reset = await this.byToken(token, now);
    else if (identifier && code) reset = await this.byCode(identifier, code, now);
    else throw new BadRequestException(PASSWORD_RESET_MESSAGES.missingSecret);
    if (!reset) throw new BadRequestException(PASSWORD_RESET_MESSAGES.invalid);

    const passwordHash = await hashPassword(input.password);
    const accountId = await this.em.transactional(async (em) => {
      // Locked and checked again: two confirmations of one code cannot both pass.
      const locked = await em.findOne(ClientPasswordReset, { id: reset.id, ...usable(now) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!locked) throw new BadRequestException(PASSWORD_RESET_MESSAGES.invalid);
      const account = await em.findOneOrFail(ClientAccount, { id: locked.account.id }, { populate: ['client'] });
      if (!account.client.isActive) throw new BadRequestException(PASSWORD_RESET_MESSAGES.invalid);
      locked.usedAt = now;
      await em.nativeDelete(ClientPasswordReset, { account: account.id, usedAt: null, id: { $ne: locked.id } });
      await em.nativeUpdate(ClientAccount, { id: account.id }, { passwordHash, lastSignInAt: now });
      await em.flush();
      return account.id;
    });

    // Whoever was signed in with the old password is signed out; this browser signs in anew.
    const ended = await this.sessions.endClientSessions(accountId);
    const account = await this.em.fork().findOneOrFail(ClientAccount, { id: accountId }, { populate: ['client'] });
    await this.throttle.clear(this.throttle.key(account.username, address));
    await this.engagement.recompute(account.client.id);
    this.logger.log({ clientId: account.client.id, sessionsEnded: ended }, 'Client password reset');
    const { client } = account;
    return {
      account,
      view: { firstName: client.firstName, lastName: client.lastName, username: account.username, language: client.language },
    };
  }

  /**
   * The broker's Send password reset: the same text or e-mail, to their own client's account. The
   * broker never sees the code or the link.
   */
  async sendForBroker(book: ClientBook, clientId: string): Promise<BrokerPasswordResetDto> {
    const client = await this.clients.findOwned(book, clientId);
    const account = await this.em.findOne(ClientAccount, { client: client.id }, { populate: ['client', 'client.broker'] });
    if (!account) throw new ConflictException(BROKER_RESET_MESSAGES.noAccount);
    if (!client.isActive) throw new ConflictException(BROKER_RESET_MESSAGES.inactive);
    const kind = await this.channelFor(client);
    if (!kind) throw new ConflictException(BROKER_RESET_MESSAGES.unreachable);
    const limit = await this.count('account', account.id, RESETS_PER_HOUR);
    if (limit.blocked) throw new TooManyResetsException(limit.retryAfterSeconds);
    try {
      await this.issueAndSend(this.em.fork(), account, kind);
    } catch (error) {
      this.logger.warn({ err: error, clientId: client.id }, 'Password reset could not be sent');
      throw new ServiceUnavailableException(BROKER_RESET_MESSAGES.notSent);
    }
    this.logger.log({ brokerId: book.agencyId, clientId: client.id, channel: kind }, 'Broker sent a client a password reset');
    const name = `${client.firstName} ${client.lastName}`;
    return {
      channel: kind,
      message: `A password reset was sent to ${name} by ${kind === 'sms' ? 'text message' : 'e-mail'}. It works for ${RESET_TTL_MINUTES} minutes.`,
    };
  }

  private async sendToMatching(lookup: ResetLookup): Promise<void> {
    const em = this.em.fork();
    const rows = await this.resets.accountsMatching(lookup, em);
    if (rows.length === 0) {
      // The hashing a match costs, so the server's load does not tell either.
      await hashPassword(newCode());
      return;
    }
    for (const { account_id: accountId } of rows) {
      if ((await this.count('account', accountId, RESETS_PER_HOUR)).blocked) {
        this.logger.warn({ accountId }, 'Password reset over the hourly limit of the account: nothing sent');
        continue;
      }
      const account = await em.findOneOrFail(ClientAccount, { id: accountId }, { populate: ['client', 'client.broker'] });
      // Typed their e-mail address: the link goes there, where they are looking.
      const typedEmail = lookup.email !== null && account.client.email?.toLowerCase() === lookup.email;
      const kind = typedEmail ? 'email' : await this.channelFor(account.client);
      if (!kind) {
        this.logger.warn({ clientId: account.client.id }, 'Password reset not sent: no way to reach the client');
        continue;
      }
      await this.issueAndSend(em, account, kind);
    }
  }

  /** A text when the client's phone takes texts (no STOP), else an e-mail when they have an address. */
  private async channelFor(client: Client): Promise<PasswordResetKind | null> {
    const optedOut = await this.optOuts.optedOut([client.phone]);
    if (!optedOut.has(`${client.phone}|sms`)) return 'sms';
    return client.email ? 'email' : null;
  }

  /** Replaces the account's open resets with a new one, and sends its code or link in the client's language. */
  private async issueAndSend(em: EntityManager, account: ClientAccount, kind: PasswordResetKind, now = new Date()): Promise<void> {
    const { client } = account;
    const broker = client.broker;
    const secret = kind === 'sms' ? newCode() : randomBytes(TOKEN_BYTES).toString('base64url');
    const secretHash = await hashPassword(secret);
    const reset = await em.transactional(async (tx) => {
      await tx.nativeDelete(ClientPasswordReset, { account: account.id, usedAt: null });
      const created = tx.create(ClientPasswordReset, {
        account: tx.getReference(ClientAccount, account.id),
        kind,
        secretHash,
        expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
      });
      await tx.flush();
      return created;
    });
    const words = messagesFor(client.language);
    const agency = agencyNameOf(broker, words);
    // The agency's message to its client, on its account: the development outbox shows it to the agency, with the code or link hidden.
    const common = { purpose: 'client-password-reset', brokerId: broker.id };
    if (kind === 'sms') {
      await this.sms.sendSms({
        ...common,
        to: client.phone,
        body: words.sms.passwordReset(agency, secret, account.username, RESET_TTL_MINUTES),
        secrets: [secret],
      });
      return;
    }
    const query = new URLSearchParams({ token: `${reset.id}.${secret}`, agency: await this.branding.ensurePortalSlug(broker.id) });
    if (client.language !== 'en') query.set('lang', client.language);
    const link = `${this.config.appUrl}/client/reset-password?${query}`;
    await this.email.sendEmail({
      ...common,
      to: client.email!,
      subject: words.email.passwordResetSubject(agency),
      text: `${words.email.passwordResetText(account.username, RESET_TTL_MINUTES)}\n\n${link}\n\n${words.email.passwordResetIgnore}`,
      secrets: [link],
    });
  }

  /** The e-mailed link's reset, when its token is right and it still works. */
  private async byToken(token: string, now: Date): Promise<ClientPasswordReset | null> {
    const dot = token.indexOf('.');
    const id = token.slice(0, dot);
    const reset = dot > 0 && isUuid(id) ? await this.em.findOne(ClientPasswordReset, { id, kind: 'email', ...usable(now) }) : null;
    // Without a reset, a throwaway hash is checked, so both take as long.
    return (await verifyPassword(reset?.secretHash, token.slice(dot + 1))) ? reset : null;
  }

  /** The texted code's reset among the accounts the identifier names; a wrong code counts against each of their open codes. */
  private async byCode(identifier: string, code: string, now: Date): Promise<ClientPasswordReset | null> {
    const rows = await this.resets.accountsMatching(lookupOf(identifier));
    const open = rows.length
      ? await this.em.find(ClientPasswordReset, { account: { $in: rows.map((row) => row.account_id) }, kind: 'sms', ...usable(now) })
      : [];
    // Without an open code (or with no code at all), a throwaway hash is checked, so every answer takes as long.
    if (open.length === 0 || !/^\d{6}$/.test(code)) await verifyPassword(undefined, code);
    else for (const reset of open) if (await verifyPassword(reset.secretHash, code)) return reset;
    await this.resets.countWrongCode(open.map((reset) => reset.id));
    return null;
  }

  /** Adds one to an hourly counter shared by every instance; blocked once it passes `limit`. */
  private async count(kind: 'identifier' | 'address' | 'account', value: string, limit: number) {
    const name = `password-reset-${kind}`;
    const key = createHash('sha256').update(`${name}\n${value}`).digest('hex');
    const record = await this.counters.increment(key, HOUR_MS, limit, HOUR_MS, name);
    return { blocked: record.isBlocked, retryAfterSeconds: record.timeToBlockExpire };
  }

  private inBackground(work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((error: unknown) => this.logger.error({ err: error }, 'Password reset could not be sent'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }
}

/** A reset that still works: not used, not expired, not void from wrong codes. */
function usable(now: Date) {
  return { usedAt: null, expiresAt: { $gt: now }, attempts: { $lt: MAX_CODE_ATTEMPTS } };
}
