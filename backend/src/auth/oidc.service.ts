import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Request } from 'express';
import * as client from 'openid-client';
import { type AuthenticateOptions, Strategy } from 'openid-client/passport';
import passport from 'passport';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { type IdentityClaims, type SignInResult, UsersService } from '../users/users.service.js';
import { DEV_PROVIDER } from './auth.tokens.js';
import type { DevProvider } from './dev-provider/dev-provider.js';

export const OIDC_STRATEGY = 'oidc';
const SCOPE = 'openid email profile';

/** What the strategy hands to the callback route: who signed in (or why an invitation failed), and their ID token. */
export type OidcSignIn = SignInResult & { idToken?: string };

/**
 * openid-client's Passport strategy, sending `state` and `nonce` on every request on top of PKCE
 * (the library adds them only when PKCE is unsupported or for implicit flows); both are kept in
 * the session and checked on the way back.
 */
class StateAndNonceStrategy extends Strategy {
  override authorizationRequestParams<TOptions extends AuthenticateOptions>(req: Request, options: TOptions) {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Broker and admin sign-in through OpenID Connect. The provider is found by discovery on first use
 * (the embedded development provider is served by this very process, so it cannot be asked
 * before the server listens); the strategy is then registered with Passport.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OpenIDConnect');
  private configuration?: Promise<client.Configuration>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    @Optional() @Inject(DEV_PROVIDER) private readonly devProvider: DevProvider | null,
  ) {}

  private settings() {
    if (this.config.auth.oidc) return this.config.auth.oidc;
    if (!this.devProvider) throw new Error('No OpenID Connect provider: set OIDC_ISSUER');
    return { ...this.devProvider, allowHttp: true };
  }

  /** Discovers the provider once and registers the Passport strategy; retried after a failure. */
  ensureReady(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, allowHttp } = this.settings();
    const insecure = allowHttp && issuer.startsWith('http:');
    const configuration = await client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    passport.use(
      OIDC_STRATEGY,
      new StateAndNonceStrategy(
        {
          config: configuration,
          name: OIDC_STRATEGY,
          sessionKey: 'oidc',
          scope: SCOPE,
          callbackURL: `${this.config.appUrl}/api/callback`,
          passReqToCallback: true,
        },
        (req, tokens, done) => {
          // A sign-in that began at an invitation's link (GET /api/join) joins that agency.
          const invitation = req.session?.invitation;
          if (req.session) delete req.session.invitation;
          this.verify(configuration, tokens, invitation, req.ip ?? null).then((result) => done(null, result), done);
        },
      ),
    );
    this.logger.log(`Broker sign-in through ${issuer}`);
    return configuration;
  }

  private async verify(
    configuration: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
    invitation: string | undefined,
    address: string | null,
  ): Promise<OidcSignIn> {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The provider sent no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    // Some providers keep e-mail and profile out of the ID token: ask the UserInfo endpoint too.
    if (configuration.serverMetadata().userinfo_endpoint && (!claims.email || !claims.given_name)) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims };
    }
    const identity: IdentityClaims = {
      issuer: idClaims.iss,
      subject: idClaims.sub,
      email: text(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
      name: text(claims.name),
      picture: text(claims.picture),
    };
    return { ...(await this.users.signIn(identity, new Date(), invitation, address)), idToken: tokens.id_token };
  }

  /** Where sign-out sends the browser: the provider's end-session endpoint when it has one, else home. */
  async signOutUrl(idToken: string | undefined): Promise<string> {
    const home = `${this.config.appUrl}/`;
    try {
      const configuration = await this.ensureReady();
      if (!configuration.serverMetadata().end_session_endpoint) return home;
      const params: Record<string, string> = { post_logout_redirect_uri: home, client_id: configuration.clientMetadata().client_id };
      if (idToken) params.id_token_hint = idToken;
      return client.buildEndSessionUrl(configuration, params).href;
    } catch (error) {
      this.logger.warn({ err: error }, 'Provider unavailable at sign-out; the app session has ended');
      return home;
    }
  }
}
