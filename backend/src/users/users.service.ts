import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TRIAL_DAYS, User } from './user.entity.js';
import { escapeLike } from '../common/like.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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

function splitName(name: string | undefined): { first?: string; last?: string } {
  const parts = name?.trim().split(/\s+/) ?? [];
  if (parts.length === 0 || !parts[0]) return {};
  return { first: parts[0], last: parts.length > 1 ? parts.slice(1).join(' ') : undefined };
}

/** Brokers and admins: the accounts behind OpenID Connect sign-in. */
@Injectable()
export class UsersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The broker for a verified sign-in, keyed on issuer + subject. The first sign-in creates a broker
   * on a 30-day trial, or claims a never-signed-in account with the same verified e-mail (accounts
   * an admin or the demo seed prepared); later sign-ins refresh name, e-mail and picture.
   */
  async signIn(claims: IdentityClaims, now = new Date()): Promise<User> {
    return this.em.transactional(async (em) => {
      let user = await em.findOne(User, { oidcIssuer: claims.issuer, oidcSubject: claims.subject });
      if (!user && claims.email && claims.emailVerified) {
        user = await em.findOne(
          User,
          { email: { $ilike: escapeLike(claims.email) }, oidcSubject: null },
          { orderBy: { createdAt: 'asc' } },
        );
      }
      if (!user) {
        user = em.create(User, {
          subscriptionStatus: 'trial',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        });
      }
      const fromName = splitName(claims.name);
      user.oidcIssuer = claims.issuer;
      user.oidcSubject = claims.subject;
      user.firstName = claims.givenName ?? fromName.first ?? user.firstName ?? null;
      user.lastName = claims.familyName ?? fromName.last ?? user.lastName ?? null;
      if (claims.email) user.email = claims.email;
      if (claims.picture !== undefined) user.profileImageUrl = claims.picture;
      user.lastSignInAt = now;
      await em.flush();
      return user;
    });
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
