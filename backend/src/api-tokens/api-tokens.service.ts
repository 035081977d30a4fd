import { randomBytes } from 'node:crypto';

import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { AuditService } from '../audit/audit.service.js';
import { isUuid } from '../common/ids.js';
import { User } from '../users/user.entity.js';
import { ApiToken } from './api-token.entity.js';
import { ApiTokenEvent, type TokenEventKind } from './api-token-event.entity.js';
import { hashToken } from './bearer.js';
import type { CreateApiTokenDto } from './dto/api-token.dto.js';
import { grantableScopes, type Scope } from './scopes.js';

/** Every token starts so, so secret scanners (and people) recognise one. */
export const TOKEN_PREFIX = 'ck_pat_';
/** Characters of the secret kept in clear, after the prefix, to tell tokens apart in lists. */
const SHOWN_CHARACTERS = 6;
/** Live tokens one person may hold. */
export const MAX_TOKENS = 50;
/** Last use is written at most this often (and the first use always). */
const LAST_USED_RESOLUTION_MS = 60_000;
/** The events listed on the API access page. */
const EVENTS_SHOWN = 50;
const DAY_MS = 86_400_000;

/** The token a request authenticated with. */
export interface AuthenticatedToken {
  id: string;
  userId: string;
  /** The member who made it: the request acts as them, within their role. */
  memberId: string;
  name: string;
  scopes: Scope[];
}

/** A token's row as the driver gives it (times as text). */
interface TokenRow {
  id: string;
  user_id: string;
  member_id: string;
  name: string;
  scopes: Scope[];
  expires_at: string | Date | null;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
}

const timeOf = (value: string | Date) => new Date(value).getTime();

/**
 * Personal access tokens: made, listed and revoked by their owner (or revoked by an admin, audited),
 * and checked on every request that carries one. Each use that matters is an event on the owner's
 * API access page: creation, first use, refusals, rate limiting and revocation.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly log: AgencyLogService,
  ) {}

  list(userId: string): Promise<ApiToken[]> {
    return this.em.find(ApiToken, { userId, revokedAt: null }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  async create(
    user: Pick<User, 'id' | 'isAdmin'>,
    actor: Actor,
    body: CreateApiTokenDto,
    now = new Date(),
  ): Promise<{ token: ApiToken; secret: string }> {
    const allowed = grantableScopes(user.isAdmin);
    const refused = body.scopes.filter((scope) => !allowed.includes(scope));
    if (refused.length) throw new BadRequestException(`Only platform admins may grant ${refused.join(', ')}`);
    const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const days = body.expiresInDays === undefined ? 90 : body.expiresInDays;
    return this.em.transactional(async (em) => {
      // One creation at a time per person, so the limit holds under concurrent requests.
      await em.execute('select id from users where id = ? for update', [user.id]);
      const live = await em.count(ApiToken, { userId: user.id, revokedAt: null });
      if (live >= MAX_TOKENS) throw new BadRequestException(`You have ${MAX_TOKENS} tokens: revoke one before creating another`);
      const token = em.create(ApiToken, {
        userId: user.id,
        memberId: actor.memberId,
        name: body.name,
        scopes: body.scopes,
        prefix: secret.slice(0, TOKEN_PREFIX.length + SHOWN_CHARACTERS),
        tokenHash: hashToken(secret),
        createdAt: now,
        expiresAt: days === null ? null : new Date(now.getTime() + days * DAY_MS),
      });
      em.create(ApiTokenEvent, {
        userId: user.id,
        tokenId: token.id,
        tokenName: token.name,
        kind: 'created',
        detail: body.scopes.join(', '),
      });
      this.log.record(em, actor, {
        action: 'token_created',
        targetType: 'token',
        targetId: token.id,
        summary: `Created the API token “${token.name}”`,
        after: { name: token.name, scopes: token.scopes, expiresAt: token.expiresAt?.toISOString() ?? null },
      });
      await em.flush();
      return { token, secret };
    });
  }

  /** Revokes the person's own live token; another person's, or one already revoked, is 404. */
  async revoke(actor: Actor, id: string, now = new Date()): Promise<void> {
    const userId = actor.agencyId;
    const token = isUuid(id) ? await this.em.findOne(ApiToken, { id, userId, revokedAt: null }) : null;
    if (!token) throw new NotFoundException('Token not found');
    token.revokedAt = now;
    this.em.create(ApiTokenEvent, { userId, tokenId: token.id, tokenName: token.name, kind: 'revoked', detail: 'by you' });
    this.log.record(this.em, actor, {
      action: 'token_revoked',
      targetType: 'token',
      targetId: token.id,
      summary: `Revoked the API token “${token.name}”`,
      after: { revokedAt: now.toISOString() },
    });
    await this.em.flush();
  }

  async activity(userId: string): Promise<ApiTokenEvent[]> {
    return this.em.find(ApiTokenEvent, { userId }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: EVENTS_SHOWN });
  }

  /** A broker's live tokens, for an admin (404 when there is no such broker). */
  async listForAdmin(brokerId: string): Promise<ApiToken[]> {
    if (!isUuid(brokerId) || !(await this.em.count(User, { id: brokerId }))) throw new NotFoundException('Broker not found');
    return this.list(brokerId);
  }

  /** An admin revokes a broker's token: in the audit log and in the broker's token activity. */
  async revokeForAdmin(adminId: string, brokerId: string, tokenId: string, now = new Date()): Promise<void> {
    await this.em.transactional(async (em) => {
      const token =
        isUuid(tokenId) && isUuid(brokerId)
          ? await em.findOne(ApiToken, { id: tokenId, userId: brokerId, revokedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE })
          : null;
      if (!token) throw new NotFoundException('Token not found');
      token.revokedAt = now;
      em.create(ApiTokenEvent, {
        userId: brokerId,
        tokenId: token.id,
        tokenName: token.name,
        kind: 'revoked',
        detail: 'by a platform admin',
      });
      this.audit.record(em, {
        adminId,
        action: 'api_token_revoked',
        targetType: 'api_token',
        targetId: token.id,
        brokerId,
        notes: `Revoked the API token “${token.name}”`,
        before: { name: token.name, scopes: token.scopes.join(', '), revoked: false },
        after: { name: token.name, scopes: token.scopes.join(', '), revoked: true },
      });
      await em.flush();
    });
  }

  /**
   * The token a request carries, when it is live: 401 for an unknown, revoked or expired one (the
   * last two noted on the owner's activity). Marks its first use, and its last use once a minute.
   */
  async authenticate(secret: string, what: string, now = new Date()): Promise<AuthenticatedToken> {
    const row = secret.startsWith(TOKEN_PREFIX) ? await this.rowOf(secret) : undefined;
    if (!row) throw new UnauthorizedException('Invalid API token');
    if (row.revoked_at) {
      await this.note(row, 'refused', `${what}: the token was revoked`);
      throw new UnauthorizedException('This API token was revoked');
    }
    if (row.expires_at && timeOf(row.expires_at) <= now.getTime()) {
      await this.note(row, 'refused', `${what}: the token expired`);
      throw new UnauthorizedException('This API token has expired');
    }
    if (!row.last_used_at) {
      const [first] = await this.em.execute<{ id: string }[]>(
        'update api_tokens set last_used_at = ? where id = ? and last_used_at is null returning id',
        [now, row.id],
      );
      if (first) await this.note(row, 'first_use', what);
    } else if (now.getTime() - timeOf(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
      await this.em.execute('update api_tokens set last_used_at = ? where id = ?', [now, row.id]);
    }
    return { id: row.id, userId: row.user_id, memberId: row.member_id, name: row.name, scopes: row.scopes };
  }

  /** A live token used where its scopes do not reach. */
  async refused(token: AuthenticatedToken, detail: string): Promise<void> {
    await this.note({ id: token.id, user_id: token.userId, name: token.name }, 'refused', detail);
  }

  /** A token over its rate limit: noted once a minute at most, so a runaway script does not flood the page. */
  async rateLimited(secret: string, what: string): Promise<void> {
    const row = secret.startsWith(TOKEN_PREFIX) ? await this.rowOf(secret) : undefined;
    if (!row) return;
    await this.em.execute(
      `insert into api_token_events (id, user_id, token_id, token_name, kind, detail)
       select gen_random_uuid(), ?, ?, ?, 'rate_limited', ?
       where not exists (select 1 from api_token_events
                         where token_id = ? and kind = 'rate_limited' and created_at > now() - interval '1 minute')`,
      [row.user_id, row.id, row.name, what, row.id],
    );
  }

  private async rowOf(secret: string): Promise<TokenRow | undefined> {
    const [row] = await this.em.execute<TokenRow[]>(
      'select id, user_id, member_id, name, scopes, expires_at, last_used_at, revoked_at from api_tokens where token_hash = ? limit 1',
      [hashToken(secret)],
    );
    return row;
  }

  private async note(row: Pick<TokenRow, 'id' | 'user_id' | 'name'>, kind: TokenEventKind, detail: string): Promise<void> {
    await this.em.execute(
      'insert into api_token_events (id, user_id, token_id, token_name, kind, detail) values (gen_random_uuid(), ?, ?, ?, ?, ?)',
      [row.user_id, row.id, row.name, kind, detail.slice(0, 300)],
    );
  }
}
