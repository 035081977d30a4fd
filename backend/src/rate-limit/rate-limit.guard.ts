import { type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request } from 'express';

import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { bearerOf } from '../api-tokens/bearer.js';
import { ruleOf } from './rate-limits.js';

function wait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 with Retry-After and a message the UI shows (the error filter copies `headers`). */
export class RateLimitedException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(signIn: boolean, retryAfterSeconds: number) {
    const what = signIn ? 'Too many sign-in attempts' : 'Too many requests';
    super({ message: `${what}. Please try again in ${wait(retryAfterSeconds)}.`, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** @nestjs/throttler's guard on every route, with the limits of rate-limits.ts and the app's 429. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  private warnedAboutForwardedFor = false;
  @Inject(ApiTokensService) private readonly tokens!: ApiTokensService;

  protected override async getTracker(req: Request): Promise<string> {
    if (!this.warnedAboutForwardedFor && req.headers['x-forwarded-for'] && !req.app.get('trust proxy')) {
      this.warnedAboutForwardedFor = true;
      this.logger.warn(
        'A request carries X-Forwarded-For, which TRUST_PROXY does not let count: each address is the connecting peer. ' +
          'Behind a load balancer or proxy, set TRUST_PROXY (docs/deployment.md).',
      );
    }
    return super.getTracker(req);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    // A token over its limit: its owner sees it on the API access page.
    const request = context.switchToHttp().getRequest<Request>();
    const bearer = bearerOf(request.headers.authorization);
    if (bearer !== undefined && ruleOf(context).kind === 'api') {
      await this.tokens.rateLimited(bearer, `${request.method} ${request.originalUrl.split('?')[0]}`);
    }
    throw new RateLimitedException(ruleOf(context).kind === 'sign-in', detail.timeToBlockExpire);
  }
}
