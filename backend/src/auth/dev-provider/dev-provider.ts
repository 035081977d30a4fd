import { generateKeyPairSync, randomBytes } from 'node:crypto';

import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';

import type { AppConfig } from '../../config/config.js';
import { claimsFor, normalizeEmail } from './dev-accounts.js';
import { type DevPage, errorPage, signInPage, signOutPage } from './dev-pages.js';
import { DevMemoryAdapter } from './memory-adapter.js';

export const DEV_PROVIDER_PATH = '/oidc';
export const DEV_CLIENT_ID = 'carekeep-local';

export interface DevProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Mounts the provider and its sign-in pages on the Express app (before anything else answers /oidc). */
  mount(app: Express): void;
}

function send(res: Response, page: DevPage, status = 200): void {
  res.status(status).set('Content-Security-Policy', page.csp).set('Cache-Control', 'no-store').type('html').send(page.html);
}

/**
 * A real OpenID Connect provider (oidc-provider) inside the app, for local development only: the
 * app signs brokers in through the same authorization-code flow it uses with Keycloak, Auth0,
 * Google or Entra ID. Its sign-in page takes any e-mail. Keys, grants and sessions live in this
 * process's memory, which is fine for one local process and why it never runs in production.
 */
export async function createDevProvider(config: AppConfig): Promise<DevProvider> {
  if (config.nodeEnv === 'production') {
    throw new Error('The development sign-in provider never runs in production: set OIDC_ISSUER');
  }
  const { default: Provider } = await import('oidc-provider');
  const issuer = `${config.appUrl}${DEV_PROVIDER_PATH}`;
  const clientSecret = randomBytes(32).toString('base64url');
  // A P-256 key signs the ID tokens: made in about a millisecond, where an RSA key took a few hundred
  // on every start of the app (and of each test's app).
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-es256', alg: 'ES256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${config.appUrl}/api/callback`],
        post_logout_redirect_uris: [`${config.appUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    adapter: DevMemoryAdapter,
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
    },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => {
      const email = normalizeEmail(sub);
      if (!email) return undefined;
      return { accountId: email, claims: async () => ({ ...claimsFor(email) }) };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const page = signOutPage(form);
          ctx.set('Content-Security-Policy', page.csp);
          ctx.type = 'html';
          ctx.body = page.html;
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}` },
    // The app is this provider's only client and is first-party: grant its scopes without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider: op } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = (result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return op.Grant.find(grantId);
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      const page = errorPage(String(out.error_description ?? out.error ?? 'Something went wrong.'));
      ctx.set('Content-Security-Policy', page.csp);
      ctx.type = 'html';
      ctx.body = page.html;
    },
  });

  const interactionPath = `${DEV_PROVIDER_PATH}/interaction/:uid`;
  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    mount(app: Express) {
      app.get(interactionPath, async (req: Request, res: Response, next: NextFunction) => {
        try {
          const details = await provider.interactionDetails(req, res);
          send(res, signInPage(`${DEV_PROVIDER_PATH}/interaction/${details.uid}`));
        } catch (error) {
          next(error);
        }
      });
      app.post(interactionPath, express.urlencoded({ extended: false }), async (req: Request, res: Response, next: NextFunction) => {
        try {
          const details = await provider.interactionDetails(req, res);
          const email = normalizeEmail((req.body as { email?: unknown } | undefined)?.email);
          if (!email) {
            send(res, signInPage(`${DEV_PROVIDER_PATH}/interaction/${details.uid}`, 'Enter a valid e-mail address.'), 400);
            return;
          }
          await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
        } catch (error) {
          next(error);
        }
      });
      app.use(DEV_PROVIDER_PATH, provider.callback());
      // Errors of the pages above (an expired or unknown interaction) get a readable page.
      app.use(DEV_PROVIDER_PATH, (error: Error, _req: Request, res: Response, _next: NextFunction) => {
        send(res, errorPage(`${error.message} Go back to CareKeep and sign in again.`), 400);
      });
    },
  };
}
