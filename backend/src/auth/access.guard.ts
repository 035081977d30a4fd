import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { ClientAccount } from '../client-portal/client-account.entity.js';
import { User } from '../users/user.entity.js';
import { ACCESS_KEY, type Access, type AuthenticatedRequest } from './access.decorators.js';

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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access =
      this.reflector.getAllAndOverride<Access>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? 'broker';
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
    // Every broker request passes here: one plain statement, its row made the request's managed
    // User entity (what findOne would answer, without building a query each time).
    const [row] = await this.em.execute<EntityDictionary<User>[]>('select * from users where id = ? limit 1', [auth.userId]);
    if (!row) throw new UnauthorizedException('Unauthorized');
    const user = this.em.map(User, row);
    request.user = user;
    if (access === 'admin' && !user.isAdmin) throw new ForbiddenException('Admin access required');
    return true;
  }
}
