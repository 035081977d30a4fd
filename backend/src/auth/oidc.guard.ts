import { type ExecutionContext, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

import { OIDC_STRATEGY, OidcService, type OidcSignIn } from './oidc.service.js';

/** Runs the OpenID Connect strategy: on /api/login it redirects to the provider, on /api/callback it signs in. */
@Injectable()
export class OidcGuard extends AuthGuard(OIDC_STRATEGY) {
  private readonly logger = new Logger('OpenIDConnect');

  constructor(private readonly oidc: OidcService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      await this.oidc.ensureReady();
    } catch (error) {
      // Discovery failed: the provider is down or unreachable; the next sign-in tries again.
      this.logger.warn({ err: error }, 'Identity provider unavailable');
      throw new ServiceUnavailableException(
        'Sign-in is unavailable right now: the identity provider cannot be reached. Please try again in a few minutes.',
      );
    }
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions() {
    return { session: false };
  }

  override handleRequest<TUser = OidcSignIn>(error: unknown, result: TUser | false): TUser {
    if (error || !result) throw new UnauthorizedException('Sign-in could not be completed. Please try again.');
    return result;
  }
}
