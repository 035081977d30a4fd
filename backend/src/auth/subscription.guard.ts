import { applyDecorators, type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';

import type { AuthenticatedRequest } from './access.decorators.js';
import { subscriptionDenial } from './subscription-access.js';

/** Lets a broker through only with a usable subscription (see subscriptionDenial); else 403. */
@Injectable()
export class SubscriptionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) return false;
    const denial = subscriptionDenial(user, new Date());
    if (denial) throw new ForbiddenException(denial);
    return true;
  }
}

/** For features that need a trial that has not ended or an active subscription. */
export const RequiresSubscription = () =>
  applyDecorators(
    UseGuards(SubscriptionGuard),
    ApiForbiddenResponse({
      description: 'Trial expired ({ message, trialExpired: true }), payment past due or subscription canceled',
    }),
  );
