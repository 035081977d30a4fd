import { type EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

import { ApiTokensService, type AuthenticatedToken } from '../api-tokens/api-tokens.service.js';
import { bearerOf } from '../api-tokens/bearer.js';
import { requiredScope } from '../api-tokens/scopes.js';
import { memberBook } from '../members/book.js';
import { requiredPermissions } from '../members/member-rule.js';
import { roleMay } from '../members/roles.js';
import { User } from '../users/user.entity.js';
import { type Access, ACCESS_KEY, type AuthenticatedRequest } from './access.decorators.js';
import { AuthRepository } from './auth.repository.js';
import { ClientAccount } from './client-account.entity.js';

/**
 * The one global guard: every route is for signed-in brokers unless it says otherwise
 * (@Public, @AdminOnly, @ClientOnly). A client session never passes a broker route and a broker
 * session never passes a client route.
 *
 * A request with `Authorization: Bearer` is judged by its token alone (any session cookie it also
 * carries is ignored): the token must be live, the route must name a scope for tokens
 * (@TokenScopes) and the token must hold it. It then acts as the member who made it, within
 * that member's role. Client routes
 * never take a token.
 */
/** What a member's request answers when their role does not allow it (403, with the permission it needs). */
export const ROLE_REFUSED = 'Your role in this agency does not allow this. Ask the agency’s owner.';

/** What a suspended broker's requests answer. */
export const ACCOUNT_SUSPENDED = 'This CareKeep account is suspended. Contact CareKeep support.';

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly em: EntityManager,
    private readonly users: AuthRepository,
    private readonly tokens: ApiTokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? 'broker';
    if (access === 'public') return true;
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const bearer = bearerOf(request.get('authorization'));
    if (bearer !== undefined) {
      if (access === 'client') throw new UnauthorizedException('API tokens cannot be used on client portal routes');
      return this.withToken(context, request, access, bearer);
    }
    const auth = request.session?.auth;

    if (access === 'client') {
      if (auth?.kind !== 'client') throw new UnauthorizedException('Unauthorized');
      const account = await this.em.findOne(ClientAccount, { id: auth.accountId }, { populate: ['client'] });
      if (!account || !account.client.isActive) throw new UnauthorizedException('Unauthorized');
      request.clientAccount = account;
      return true;
    }

    if (auth?.kind !== 'broker') throw new UnauthorizedException('Unauthorized');
    return this.actAs(context, request, access, auth.userId, auth.memberId);
  }

  /** A bearer request: a live token, a route open to tokens, and the scope it needs. */
  private async withToken(
    context: ExecutionContext,
    request: Request & AuthenticatedRequest,
    access: Access,
    bearer: string,
  ): Promise<boolean> {
    const what = `${request.method} ${request.originalUrl.split('?')[0]}`;
    const token = await this.tokens.authenticate(bearer, what);
    const scope = requiredScope(context, request.method);
    if (!scope) return this.refuse(token, `${what} cannot be used with an API token`);
    if (scope !== 'any' && !token.scopes.includes(scope)) return this.refuse(token, `${what} needs the ${scope} scope`);
    request.apiToken = token;
    return this.actAs(context, request, access, token.userId, token.memberId);
  }

  private async refuse(token: AuthenticatedToken, message: string): Promise<never> {
    await this.tokens.refused(token, message);
    throw new ForbiddenException(message);
  }

  /**
   * Every broker request passes here: one plain statement, the agency's row with the member the
   * request acts as (a removed member's session ends here). The row becomes the request's managed
   * User entity only when the route asks for it (CurrentUser, the subscription guard), which a
   * route that needs only the id (CurrentUserId) never does.
   */
  private async actAs(
    context: ExecutionContext,
    request: Request & AuthenticatedRequest,
    access: Access,
    userId: string,
    memberId?: string,
  ): Promise<boolean> {
    const found = await this.users.agencyRow(userId, memberId);
    if (!found?.member$id || !found.member$role) throw new UnauthorizedException('Unauthorized');
    const {
      member$id: id,
      member$role: role,
      member$first_name: firstName,
      member$last_name: lastName,
      member$email: email,
      member$language: language,
      ...row
    } = found;
    if (row.suspended_at) {
      // A session goes back through sign-in, which shows the suspension page; a token is refused.
      // `accountSuspended` tells the web app to show the suspension page rather than sign in again.
      const answer = { message: ACCOUNT_SUSPENDED, accountSuspended: true };
      if (request.apiToken) throw new ForbiddenException(answer);
      throw new UnauthorizedException(answer);
    }
    if (access === 'admin' && !row.is_admin) throw new ForbiddenException('Admin access required');
    if (access === 'broker') {
      // What the member's role allows (ADR 0011): reads need `read`, a change the permission its route names.
      const needed = requiredPermissions(context, request.method, request.body);
      if (!needed) throw new ForbiddenException(`${request.method} ${request.originalUrl.split('?')[0]} names no permission for members`);
      const lacking = needed.find((permission) => !roleMay(role, permission));
      if (lacking) throw new ForbiddenException({ message: ROLE_REFUSED, permission: lacking });
    }
    request.userId = row.id;
    request.member = {
      id,
      role,
      firstName,
      lastName,
      email,
      language,
      book: memberBook(row.id, id, role, row.agents_see_assigned_only === true),
    };
    const em = this.em.getContext();
    let user: User | undefined;
    Object.defineProperty(request, 'user', {
      configurable: true,
      enumerable: true,
      get: () => (user ??= em.map(User, row as EntityDictionary<User>)),
    });
    return true;
  }
}
