import { createHash, randomBytes } from 'node:crypto';

import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Client } from './client.entity.js';
import { ClientInvitation } from './client-invitation.entity.js';

export const INVITATION_TTL_DAYS = 7;
const TOKEN_BYTES = 32;

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Invitation tokens for client registration: 256 random bits, given out once, stored only as a
 * SHA-256 hash, valid for 7 days and for one registration.
 */
@Injectable()
export class InvitationTokensService {
  /** A new token for the client; earlier unused invitations stop working. */
  async issue(em: EntityManager, client: Client, now = new Date()): Promise<{ token: string; invitation: ClientInvitation }> {
    await em.nativeDelete(ClientInvitation, { client, acceptedAt: null });
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const invitation = em.create(ClientInvitation, {
      client,
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
    });
    await em.flush();
    return { token, invitation };
  }

  /** The invitation a token was, once it has been used to make an account (with its client), or null. */
  findAccepted(em: EntityManager, token: string): Promise<ClientInvitation | null> {
    if (!token) return Promise.resolve(null);
    return em.findOne(ClientInvitation, { tokenHash: hashInvitationToken(token), acceptedAt: { $ne: null } }, { populate: ['client'] });
  }

  /**
   * The unused, unexpired invitation for a token, with its client, or null. With `lock`, the row
   * is locked for the rest of the transaction so two registrations cannot both use it.
   */
  async findUsable(em: EntityManager, token: string, options: { now?: Date; lock?: boolean } = {}): Promise<ClientInvitation | null> {
    if (!token) return null;
    const now = options.now ?? new Date();
    return em.findOne(
      ClientInvitation,
      { tokenHash: hashInvitationToken(token), acceptedAt: null, expiresAt: { $gt: now } },
      { populate: ['client'], ...(options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, lockTableAliases: ['c0'] } : {}) },
    );
  }
}
