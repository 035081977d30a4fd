import { randomBytes } from 'node:crypto';

import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { hashToken } from '../api-tokens/bearer.js';
import { Client } from '../clients/client.entity.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import { User } from '../users/user.entity.js';
import { Member } from './member.entity.js';
import { AS_ROLE, invitationEmail, memberWho } from './member-texts.js';
import type { MemberRole } from './roles.js';

export const MEMBER_INVITATION_PURPOSE = 'member-invitation';
/** How long an invitation's link may be accepted. */
export const INVITATION_DAYS = 7;
/** People (members and open invitations) one agency may have: far above any agency, a bound on bad input. */
export const MAX_MEMBERS = 100;
const DAY_MS = 86_400_000;

export const LAST_OWNER = 'An agency keeps at least one owner: make another member owner first.';
export const NOT_YOURSELF = 'You cannot remove yourself. Another owner can.';

/** Where a member stands: signed in at least once, invited, or invited and the link has expired. */
export type MemberStatus = 'active' | 'invited' | 'expired';

export function statusOf(member: Pick<Member, 'invitationHash' | 'invitationExpiresAt'>, now: Date): MemberStatus {
  if (!member.invitationHash) return 'active';
  return member.invitationExpiresAt && member.invitationExpiresAt > now ? 'invited' : 'expired';
}

/** A member with the number of clients assigned to them. */
export interface MemberWithBook {
  member: Member;
  clients: number;
}

/**
 * The people of an agency (ADR 0011): invited by e-mail with a link valid 7 days, accepted through
 * sign-in; their role changed; removed, which ends their sessions and tokens at once and hands their
 * clients to another member, in one transaction. An agency always keeps an owner.
 */
@Injectable()
export class MembersService {
  private readonly logger = new Logger('Members');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly log: AgencyLogService,
  ) {}

  /** The agency's members and open invitations, owners first, then by when they joined; with their clients. */
  async list(agencyId: string): Promise<MemberWithBook[]> {
    const members = await this.em.find(Member, { agencyId, removedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const counts = await this.em.execute<{ member: string; clients: number }[]>(
      `select assigned_member_id as member, count(*)::int as clients from clients
        where broker_id = ? and assigned_member_id is not null group by assigned_member_id`,
      [agencyId],
    );
    const byMember = new Map(counts.map((row) => [row.member, row.clients]));
    const rank = (member: Member) => (member.role === 'owner' ? 0 : 1);
    return members.sort((a, b) => rank(a) - rank(b)).map((member) => ({ member, clients: byMember.get(member.id) ?? 0 }));
  }

  /**
   * Invites a person by e-mail with a role; inviting an e-mail already invited sends a new link (the
   * old one stops working). Returns the member and the link, which the e-mail also carries.
   */
  async invite(agency: User, actor: Actor, input: { email: string; role: MemberRole }): Promise<{ member: Member; url: string }> {
    const email = input.email.trim().toLowerCase();
    const now = this.clock.now();
    const { member, secret } = await this.em.transactional(async (em) => {
      // One change to an agency's people at a time, so the limits hold under concurrent requests.
      await em.execute('select id from users where id = ? for update', [agency.id]);
      const people = await em.find(Member, { agencyId: agency.id, removedAt: null });
      const existing = people.find((person) => person.email?.toLowerCase() === email);
      if (existing && !existing.invitationHash)
        throw new ConflictException({ message: `${email} is already a member of this agency`, field: 'email' });
      if (!existing && people.length >= MAX_MEMBERS) {
        throw new BadRequestException(`An agency may have ${MAX_MEMBERS} members and invitations: remove one first`);
      }
      const secret = randomBytes(32).toString('base64url');
      const member = existing ?? em.create(Member, { agencyId: agency.id, email, role: input.role, createdAt: now });
      Object.assign(member, {
        role: input.role,
        invitationHash: hashToken(secret),
        invitationExpiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        invitedById: actor.memberId,
      });
      this.log.record(em, actor, {
        action: existing ? 'member_invitation_resent' : 'member_invited',
        targetType: 'member',
        targetId: member.id,
        summary: `${existing ? 'Sent a new invitation to' : 'Invited'} ${email} to join as ${AS_ROLE[input.role]}`,
        before: existing && existing.role !== input.role ? { role: existing.role } : null,
        after: { email, role: input.role },
      });
      await em.flush();
      return { member, secret };
    });
    const url = `${this.config.appUrl}/api/join?token=${secret}`;
    await this.sendInvitation(agency, member, url);
    return { member, url };
  }

  /** A new link for an open or expired invitation (404 for anyone who has already joined). */
  async resend(agency: User, actor: Actor, id: string): Promise<{ member: Member; url: string }> {
    const member = await this.find(agency.id, id);
    if (!member.invitationHash || !member.email) throw new NotFoundException('No such invitation');
    return this.invite(agency, actor, { email: member.email, role: member.role });
  }

  /** Keeps agents to the clients assigned to them, or lets everyone see the whole book; recorded in the activity log. */
  async changeSettings(actor: Actor, agentsSeeAssignedOnly: boolean): Promise<{ agentsSeeAssignedOnly: boolean }> {
    return this.em.transactional(async (em) => {
      const agency = await em.findOneOrFail(User, { id: actor.agencyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (agency.agentsSeeAssignedOnly !== agentsSeeAssignedOnly) {
        this.log.record(em, actor, {
          action: 'team_settings_changed',
          targetType: 'agency',
          targetId: agency.id,
          summary: agentsSeeAssignedOnly
            ? 'Agents now see only the clients assigned to them'
            : 'Agents now see all of the agency’s clients',
          before: { agentsSeeAssignedOnly: agency.agentsSeeAssignedOnly },
          after: { agentsSeeAssignedOnly },
        });
        agency.agentsSeeAssignedOnly = agentsSeeAssignedOnly;
      }
      await em.flush();
      return { agentsSeeAssignedOnly: agency.agentsSeeAssignedOnly };
    });
  }

  /** Changes a member's role; the agency keeps at least one owner. Takes effect on their next request. */
  async changeRole(actor: Actor, id: string, role: MemberRole): Promise<MemberWithBook> {
    const { agencyId } = actor;
    return this.em.transactional(async (em) => {
      await em.execute('select id from users where id = ? for update', [agencyId]);
      const member = await this.find(agencyId, id, em);
      if (member.role === 'owner' && role !== 'owner' && (await this.otherOwners(em, agencyId, member.id)) === 0) {
        throw new BadRequestException({ message: LAST_OWNER, field: 'role' });
      }
      if (member.role !== role) {
        this.log.record(em, actor, {
          action: 'member_role_changed',
          targetType: 'member',
          targetId: member.id,
          summary: `Made ${memberWho(member)} ${AS_ROLE[role]} (was ${AS_ROLE[member.role]})`,
          before: { role: member.role },
          after: { role },
        });
      }
      member.role = role;
      await em.flush();
      const clients = await em.count(Client, { broker: agencyId, assignedMemberId: member.id });
      return { member, clients };
    });
  }

  /**
   * Removes a member (or withdraws an invitation), all at once: their clients go to `reassignTo`
   * (another member who has joined; by default the person removing them), their sessions end, their
   * tokens are revoked, and their sign-in no longer reaches the agency. Their row stays, marked
   * removed, so that what they did still names them.
   */
  async remove(
    actor: Actor,
    id: string,
    reassignTo?: string,
  ): Promise<{ member: Member; reassignedTo: string; clientsReassigned: number }> {
    const { agencyId } = actor;
    const now = this.clock.now();
    return this.em.transactional(async (em) => {
      await em.execute('select id from users where id = ? for update', [agencyId]);
      const member = await this.find(agencyId, id, em);
      if (member.id === actor.memberId) throw new BadRequestException(NOT_YOURSELF);
      if (member.role === 'owner' && !member.invitationHash && (await this.otherOwners(em, agencyId, member.id)) === 0) {
        throw new BadRequestException(LAST_OWNER);
      }
      const heir = reassignTo ?? actor.memberId;
      const receiving = isUuid(heir) ? await em.findOne(Member, { id: heir, agencyId, removedAt: null, invitationHash: null }) : null;
      if (!receiving || receiving.id === member.id) {
        throw new BadRequestException({
          message: 'Choose a member of this agency who has joined to take over the clients',
          field: 'reassignTo',
        });
      }
      const wasOwner = member.role === 'owner';
      const invitation = !!member.invitationHash;
      // The agency's row names the person it was made for: when they leave, it names no one until
      // another owner signs in (and their identity is free to start an agency of their own).
      if (member.oidcSubject) {
        await em.execute('update users set oidc_issuer = null, oidc_subject = null where id = ? and oidc_issuer = ? and oidc_subject = ?', [
          agencyId,
          member.oidcIssuer,
          member.oidcSubject,
        ]);
      }
      Object.assign(member, { removedAt: now, oidcIssuer: null, oidcSubject: null, invitationHash: null, invitationExpiresAt: null });
      await em.flush();
      const moved = await em.execute<{ id: string }[]>(
        'update clients set assigned_member_id = ? where broker_id = ? and assigned_member_id = ? returning id',
        [receiving.id, agencyId, member.id],
      );
      const revoked = await em.execute<{ id: string; name: string }[]>(
        'update api_tokens set revoked_at = ? where member_id = ? and revoked_at is null returning id, name',
        [now, member.id],
      );
      for (const token of revoked) {
        await em.execute(
          `insert into api_token_events (id, user_id, token_id, token_name, kind, detail) values (gen_random_uuid(), ?, ?, ?, 'revoked', 'its member was removed from the agency')`,
          [agencyId, token.id, token.name],
        );
      }
      // Their sessions; for an owner also the agency's sessions from before sessions named their member.
      await em.execute(
        `delete from "session" where sess->'auth'->>'userId' = ? and (sess->'auth'->>'memberId' = ? or (? and sess->'auth'->>'memberId' is null))`,
        [agencyId, member.id, wasOwner],
      );
      this.log.record(em, actor, {
        action: 'member_removed',
        targetType: 'member',
        targetId: member.id,
        summary: invitation
          ? `Withdrew the invitation of ${member.email ?? 'a person'}`
          : `Removed ${memberWho(member)} from the agency; their clients went to ${memberWho(receiving)}`,
        before: { email: member.email ?? null, role: member.role },
        after: { removed: true, reassignedTo: receiving.id, clientsReassigned: moved.length, tokensRevoked: revoked.length },
      });
      return { member, reassignedTo: receiving.id, clientsReassigned: moved.length };
    });
  }

  private async find(agencyId: string, id: string, em = this.em): Promise<Member> {
    const member = isUuid(id) ? await em.findOne(Member, { id, agencyId, removedAt: null }) : null;
    if (!member) throw new NotFoundException('Member not found');
    return member;
  }

  private otherOwners(em: EntityManager, agencyId: string, id: string): Promise<number> {
    return em.count(Member, { agencyId, role: 'owner', removedAt: null, invitationHash: null, id: { $ne: id } });
  }

  private async sendInvitation(agency: User, member: Member, url: string): Promise<void> {
    if (!member.email) return;
    const mail = invitationEmail(agency, member.role, url, INVITATION_DAYS);
    try {
      await this.email.sendEmail({ to: member.email, purpose: MEMBER_INVITATION_PURPOSE, brokerId: agency.id, secrets: [url], ...mail });
    } catch (error) {
      // The owner has the link in the answer too, and can send it another way or try again.
      this.logger.warn({ err: error, agencyId: agency.id }, 'Invitation e-mail could not be sent');
    }
  }
}
