import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';

import { ClientAccount } from '../auth/client-account.entity.js';
import { LoginThrottleService } from '../auth/login-throttle.service.js';
import { hashPassword, isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from '../auth/passwords.js';
import { publicAgencyOf } from '../branding/branding.service.js';
import { BrokerNoticesService } from '../clients/broker-notices.service.js';
import { EngagementService } from '../clients/engagement.service.js';
import { InvitationTokensService } from '../clients/invitation-tokens.service.js';
import { User } from '../users/user.entity.js';
import type { ClientLoginDto, ClientSignedInDto, InviteLookupDto, RegisterClientDto } from './dto/client-auth.dto.js';

export const CLIENT_AUTH_MESSAGES = {
  invalidInvitationLookup: 'Invalid or expired invitation',
  missingFields: 'Missing fields',
  missingToken: 'Missing invitation token',
  invalidInvitation: 'Invalid invitation',
  passwordTooShort: 'Password too short',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordCommon: 'That password is too common. Please choose a different one.',
  usernameFormat: 'Username must be 3 to 64 characters: letters, numbers, and . _ - @',
  usernameTaken: 'That username is already taken. Please choose another.',
  alreadyRegistered: 'This client already has an account. Please sign in instead.',
  invitationUsed: 'You already have an account: sign in with your username and password.',
  invalidCredentials: 'Invalid username or password',
} as const;

const USERNAME = /^[a-z0-9._@-]{3,64}$/;

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The password rules of registration (and of a password reset), with their messages. */
export function assertPasswordRules(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new BadRequestException(CLIENT_AUTH_MESSAGES.passwordTooShort);
  if ([...password].length > PASSWORD_MAX_LENGTH) throw new BadRequestException(CLIENT_AUTH_MESSAGES.passwordTooLong);
  if (isCommonPassword(password)) throw new BadRequestException(CLIENT_AUTH_MESSAGES.passwordCommon);
}

export interface SignedInClient {
  account: ClientAccount;
  view: ClientSignedInDto;
}

/** Client accounts: registration through an invitation, and username/password sign-in. */
@Injectable()
export class ClientAuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly invitations: InvitationTokensService,
    private readonly throttle: LoginThrottleService,
    private readonly engagement: EngagementService,
    private readonly notices: BrokerNoticesService,
  ) {}

  /** The invited client's name and language, and the inviting agency for the page's branding. */
  async lookupInvitation(token: string): Promise<InviteLookupDto> {
    const invitation = await this.invitations.findUsable(this.em, token);
    if (!invitation) {
      // The link of an account already made (a client tapping their invitation text again): sign in.
      const used = await this.invitations.findAccepted(this.em, token);
      if (used && (await this.em.count(ClientAccount, { client: used.client }))) {
        const broker = await this.em.findOneOrFail(User, { id: used.client.broker.id });
        throw new ConflictException({
          message: CLIENT_AUTH_MESSAGES.invitationUsed,
          alreadyRegistered: true,
          agencySlug: broker.portalSlug ?? null,
          language: used.client.language,
        });
      }
      throw new NotFoundException(CLIENT_AUTH_MESSAGES.invalidInvitationLookup);
    }
    const { client } = invitation;
    const broker = await this.em.findOneOrFail(User, { id: client.broker.id });
    return { firstName: client.firstName, lastName: client.lastName, language: client.language, agency: publicAgencyOf(broker) };
  }

  /** Creates the account and uses up the invitation, in one transaction (the invitation row is locked). */
  async register(input: RegisterClientDto): Promise<SignedInClient> {
    if (!input.token?.trim()) throw new BadRequestException(CLIENT_AUTH_MESSAGES.missingToken);
    if (!input.username?.trim() || !input.password) throw new BadRequestException(CLIENT_AUTH_MESSAGES.missingFields);
    const username = normalizeUsername(input.username);
    const { password } = input;
    if (!USERNAME.test(username)) throw new BadRequestException(CLIENT_AUTH_MESSAGES.usernameFormat);
    assertPasswordRules(password);
    const passwordHash = await hashPassword(password);
    const token = input.token.trim();

    try {
      const signedIn = await this.em.transactional(async (em) => {
        const invitation = await this.invitations.findUsable(em, token, { lock: true });
        if (!invitation) throw new BadRequestException(CLIENT_AUTH_MESSAGES.invalidInvitation);
        const client = invitation.client;
        if (await em.count(ClientAccount, { client })) throw new ConflictException(CLIENT_AUTH_MESSAGES.alreadyRegistered);
        if (await em.count(ClientAccount, { username })) throw new ConflictException(CLIENT_AUTH_MESSAGES.usernameTaken);
        const now = new Date();
        const account = em.create(ClientAccount, { client, username, passwordHash, lastSignInAt: now });
        invitation.acceptedAt = now;
        await em.flush();
        return { account, view: { firstName: client.firstName, lastName: client.lastName, username, language: client.language } };
      });
      const client = signedIn.account.client;
      await this.engagement.recompute(client.id);
      const broker = await this.em.findOne(User, { id: client.broker.id });
      if (broker) await this.notices.clientJoined(broker, client);
      return signedIn;
    } catch (error) {
      // Two registrations racing for one username: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException(CLIENT_AUTH_MESSAGES.usernameTaken);
      throw error;
    }
  }

  /**
   * Username and password sign-in. Unknown usernames and wrong passwords get the same answer in
   * about the same time; 5 failures per username and address within 15 minutes answer 429.
   */
  async login(input: ClientLoginDto, address: string): Promise<SignedInClient> {
    if (!input.username?.trim() || !input.password) throw new BadRequestException(CLIENT_AUTH_MESSAGES.missingFields);
    const username = normalizeUsername(input.username);
    const key = this.throttle.key(username, address);
    await this.throttle.assertAllowed(key);
    const account = await this.em.findOne(ClientAccount, { username }, { populate: ['client', 'passwordHash'] });
    const valid = await verifyPassword(account?.passwordHash, input.password);
    if (!account || !valid || !account.client.isActive) {
      await this.throttle.recordFailure(key);
      throw new UnauthorizedException(CLIENT_AUTH_MESSAGES.invalidCredentials);
    }
    await this.throttle.clear(key);
    account.lastSignInAt = new Date();
    await this.em.flush();
    await this.engagement.recompute(account.client.id);
    return {
      account,
      view: { firstName: account.client.firstName, lastName: account.client.lastName, username, language: account.client.language },
    };
  }
}
