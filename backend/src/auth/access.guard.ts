import { type EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

import { User } from '../users/user.entity.js';
import { type Access, ACCESS_KEY, type AuthenticatedRequest } from './access.decorators.js';
import { AuthRepository } from './auth.repository.js';
import { ClientAccount } from './client-account.entity.js';

/**
 * The one global guard: every route is for signed-in brokers unless it says otherwise
 * (@Public, @AdminOnly, @ClientOnly). A client session never passes a broker route and a broker
 * session never passes a client route.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly em: EntityManager,
    private readonly users: AuthRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? 'broker';
    if (access === 'public') return true;
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const auth = request.session?.auth;

    if (access === 'client') {
      if (auth?.kind !== 'client') throw new UnauthorizedException('Unauthorized');
      const account = await this.em.findOne(ClientAccount, { id: auth.accountId }, { populate: ['client'] });
      if (!account || !account.client.isActive) throw new UnauthorizedException('Unauthorized');
      request.clientAccount = account;
      return true;
    }

    if (auth?.kind !== 'broker') throw new UnauthorizedException('Unauthorized');
    // Every broker request passes here: one plain statement. The row becomes the request's managed
    // User entity only when the route asks for it (CurrentUser, the subscription guard), which a
    // route that needs only the id (CurrentUserId) never does.
    const row = await this.users.userRow(auth.userId);
    if (!row) throw new UnauthorizedException('Unauthorized');
    if (access === 'admin' && !row.is_admin) throw new ForbiddenException('Admin access required');
    request.userId = row.id;
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
