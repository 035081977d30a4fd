import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { changedFields, factsOf } from '../agency-log/changes.js';
import { hashToken } from '../api-tokens/bearer.js';
import { isValidZone } from '../client-portal/recurrence.js';
import { normalizePhone } from '../clients/contact.js';
import { escapeLike } from '../common/like.js';
import { Member } from '../members/member.entity.js';
import { AS_ROLE, memberWho } from '../members/member-texts.js';
import { PROFILE_NAME_MAX, TIME_ZONE_MESSAGE, type UpdateProfileDto } from './dto/profile.dto.js';
import { TRIAL_DAYS, User } from './user.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What Settings changes, as the activity log records it. */
/** The agency's settings on the profile page. */
const AGENCY_PROFILE_FIELDS = ['agencyPhone', 'emailNotifications', 'weeklyDigest', 'timeZone'] as const;

/** What the profile page shows, for the activity log's before and after: the person's own fields and the agency's. */
function profileFacts(user: User, member: Member) {
  return {
    firstName: member.firstName ?? null,
    lastName: member.lastName ?? null,
    language: member.language ?? user.language,
    ...factsOf(user, AGENCY_PROFILE_FIELDS),
  };
}

/** What the identity provider says about the person signing in. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
  picture?: string;
}

/**
 * The name the provider gives, in two parts. A `name` holding an e-mail address is no name: some
 * providers (Auth0's database connections, for one) fill it with the e-mail when they know none.
 */
export function givenName(claims: Pick<IdentityClaims, 'givenName' | 'familyName' | 'name'>): { first?: string; last?: string } {
  const usable = (value: string | undefined) =>
    value && !value.includes('@')
      ? value
          .replace(/\p{Cc}+/gu, ' ')
          .trim()
          .slice(0, PROFILE_NAME_MAX)
          .trim() || undefined
      : undefined;
  const parts = usable(claims.name)?.split(/\s+/) ?? [];
  return {
    first: usable(claims.givenName) ?? parts[0],
    last: usable(claims.familyName) ?? (parts.length > 1 ? parts.slice(1).join(' ') : undefined),
  };
}

/**
 * Why a sign-in through an invitation's link did not join the agency: the link expired, was replaced
 * or withdrawn, or the person already works in another agency (a person belongs to one agency).
 */
export type InvitationProblem = 'expired' | 'other-agency';

/** A sign-in: the agency and the member signed in, or why an invitation could not be accepted. */
export type SignInResult = { user: User; member: Member } | { problem: InvitationProblem };

/** An IANA zone's name (Region/City, or UTC), not a fixed offset such as UTC+5 that the database would not know. */
const IANA_ZONE = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/** What each sign-in refreshes of the member: the provider's e-mail, and a name part they have not got yet. */
function refreshMember(member: Member, claims: IdentityClaims, now: Date): void {
  const name = givenName(claims);
  member.firstName = member.firstName?.trim() || name.first || null;
  member.lastName = member.lastName?.trim() || name.last || null;
  if (claims.email) member.email = claims.email;
  member.lastSignInAt = now;
}

/** Brokers and admins: the accounts behind OpenID Connect sign-in. */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly log: AgencyLogService,
  ) {}

  /** Whether an invitation's link can still be accepted. */
  async invitationUsable(secret: string, now = new Date()): Promise<boolean> {
    if (!secret || secret.length > 100) return false;
    return (await this.em.count(Member, { invitationHash: hashToken(secret), removedAt: null, invitationExpiresAt: { $gt: now } })) > 0;
  }

  /**
   * A sign-in through an invitation's link (`invitation`, its secret): the person joins the
   * agency as the member invited, with the role the owner chose, unless the link no longer works or
   * they already work in another agency. A member of the same agency simply signs in (the
   * invitation is withdrawn). Joining is recorded in the agency's activity log, with the sign-in's
   * `address`.
   */
  async signIn(claims: IdentityClaims, now: Date, invitation: string | undefined, address?: string | null): Promise<SignInResult>;
  async signIn(claims: IdentityClaims, now?: Date): Promise<{ user: User; member: Member }>;
  async signIn(claims: IdentityClaims, now = new Date(), invitation?: string, address: string | null = null): Promise<SignInResult> {
    if (invitation === undefined) return this.signInOwnAgency(claims, now);
    return this.em.transactional(async (em) => {
      const invited = await em.findOne(
        Member,
        { invitationHash: hashToken(invitation), removedAt: null, invitationExpiresAt: { $gt: now } },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!invited) return { problem: 'expired' as const };
      const identity = { oidcIssuer: claims.issuer, oidcSubject: claims.subject };
      const current = await em.findOne(Member, { ...identity, removedAt: null });
      if (current && current.agencyId !== invited.agencyId) return { problem: 'other-agency' as const };
      let member: Member = invited;
      if (current) {
        invited.removedAt = now;
        invited.invitationHash = null;
        member = current;
      } else {
        Object.assign(invited, identity, { invitationHash: null, invitationExpiresAt: null });
      }
      refreshMember(member, claims, now);
      if (!current) {
        this.log.record(
          em,
          { agencyId: member.agencyId, memberId: member.id, tokenId: null, ip: address },
          {
            action: 'member_joined',
            targetType: 'member',
            targetId: member.id,
            summary: `${memberWho(member)} joined the agency as ${AS_ROLE[member.role]}`,
            after: { email: member.email ?? null, role: member.role },
          },
        );
      }
      await em.flush();
      return { user: await em.findOneOrFail(User, { id: member.agencyId }), member };
    });
  }

  /**
   * The agency member for a verified sign-in, keyed on issuer + subject, and their agency. A person
   * who is not yet a member: the first sign-in creates an agency on a 30-day trial with them as its
   * owner, or claims a never-signed-in member with the same verified e-mail (accounts an admin or
   * the demo seed prepared). Later sign-ins refresh e-mail and picture. The provider's name only
   * fills a part the person has not got yet: once set (the profile step, Settings) the name is their
   * own, and no name is ever made up from the e-mail. The agency's row keeps the identity and name
   * of the person it was made for (its owner); another member's sign-in never changes it, and when
   * that owner is removed the next owner to sign in becomes the row's person.
   */
  private async signInOwnAgency(claims: IdentityClaims, now: Date): Promise<{ user: User; member: Member }> {
    return this.em.transactional(async (em) => {
      const identity = { oidcIssuer: claims.issuer, oidcSubject: claims.subject };
      let member = await em.findOne(Member, { ...identity, removedAt: null });
      let user = member ? await em.findOneOrFail(User, { id: member.agencyId }) : null;
      if (!user && claims.email && claims.emailVerified) {
        // A member prepared with this e-mail (an agency's owner, or the demo's team) who has never signed in.
        const prepared = await em.findOne(
          Member,
          { email: { $ilike: escapeLike(claims.email) }, oidcSubject: null, removedAt: null, invitationHash: null },
          { orderBy: { createdAt: 'asc' } },
        );
        if (prepared) {
          member = prepared;
          user = await em.findOneOrFail(User, { id: prepared.agencyId });
        }
      }
      if (!user) {
        user = em.create(User, {
          subscriptionStatus: 'trial',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        });
      }
      const name = givenName(claims);
      const ownAccount =
        (!member || member.role === 'owner') &&
        (!user.oidcSubject || (user.oidcIssuer === claims.issuer && user.oidcSubject === claims.subject));
      if (ownAccount) {
        Object.assign(user, identity);
        user.firstName = user.firstName?.trim() || name.first || null;
        user.lastName = user.lastName?.trim() || name.last || null;
        if (claims.email) user.email = claims.email;
        if (claims.picture !== undefined) user.profileImageUrl = claims.picture;
        user.lastSignInAt = now;
      }
      // A new agency's owner member is made by the database with its row (see Member).
      await em.flush();
      member ??= await em.findOneOrFail(
        Member,
        { agencyId: user.id, role: 'owner', removedAt: null, invitationHash: null, $or: [{ oidcSubject: null }, identity] },
        { orderBy: { createdAt: 'asc' } },
      );
      Object.assign(member, identity);
      refreshMember(member, claims, now);
      await em.flush();
      return { user, member };
    });
  }

  /**
   * The signed-in person's own profile (their name and language) and the agency's settings beside
   * it (agency phone, the branding's field checked the same way; time zone, e-mail notifications and
   * the weekly digest), which the route lets only members who manage the branding send. The agency's
   * row keeps the name and language of its own person (see signIn): their changes go there too. The
   * DTO has checked and trimmed the names.
   */
  async updateProfile(broker: User, actor: Actor, input: UpdateProfileDto): Promise<{ user: User; member: Member }> {
    const user = await this.em.findOneOrFail(User, { id: broker.id });
    const member = await this.em.findOneOrFail(Member, { id: actor.memberId, agencyId: user.id });
    const before = profileFacts(user, member);
    const rowPerson = user.oidcSubject
      ? user.oidcSubject === member.oidcSubject && user.oidcIssuer === member.oidcIssuer
      : member.role === 'owner';
    if (input.firstName !== undefined) member.firstName = input.firstName;
    if (input.lastName !== undefined) member.lastName = input.lastName;
    if (rowPerson && input.firstName !== undefined) user.firstName = input.firstName;
    if (rowPerson && input.lastName !== undefined) user.lastName = input.lastName;
    if (input.language !== undefined) {
      if (rowPerson) user.language = input.language;
      else member.language = input.language;
    }
    if (input.agencyPhone !== undefined) {
      const raw = input.agencyPhone.trim();
      const phone = raw ? normalizePhone(raw) : '';
      if (phone === null) throw new BadRequestException({ message: 'agencyPhone is not a valid phone number', field: 'agencyPhone' });
      user.agencyPhone = phone;
    }
    if (input.emailNotifications !== undefined) user.emailNotifications = input.emailNotifications;
    if (input.weeklyDigest !== undefined) user.weeklyDigest = input.weeklyDigest;
    if (input.timeZone !== undefined) {
      if (!IANA_ZONE.test(input.timeZone) || !isValidZone(input.timeZone))
        throw new BadRequestException({ message: TIME_ZONE_MESSAGE, field: 'timeZone' });
      user.timeZone = input.timeZone;
    }
    const change = changedFields(before, profileFacts(user, member));
    if (change)
      this.log.record(this.em, actor, { action: 'profile_updated', targetType: 'agency', summary: 'Changed the settings', ...change });
    await this.em.flush();
    return { user, member };
  }

  async findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /** Grants or revokes platform admin by e-mail (case-insensitive); the only way isAdmin changes. */
  async setAdmin(email: string, isAdmin: boolean): Promise<User[]> {
    const users = await this.em.find(User, { email: { $ilike: escapeLike(email.trim()) } });
    if (users.length === 0) throw new NotFoundException(`No user has the e-mail ${email.trim()}`);
    for (const user of users) user.isAdmin = isAdmin;
    await this.em.flush();
    return users;
  }
}
