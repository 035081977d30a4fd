import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { OIDC_STRATEGY, type OidcSignIn, OidcService } from './oidc.service.js';

/** Runs the OpenID Connect strategy: on /api/login it redirects to the provider, on /api/callback it signs in. */
@Injectable()
export class OidcGuard extends AuthGuard(OIDC_STRATEGY) {
  constructor(private readonly oidc: OidcService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.oidc.ensureReady();
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
