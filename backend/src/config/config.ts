import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this file's place in backend/src/config or backend/dist/config. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /**
   * After a stop signal, how long the instance keeps serving while its readiness check already
   * answers 503, so a load balancer that polls it stops sending requests before it drains.
   */
  shutdownDelayMs: number;
  /** Where people reach the app (no trailing slash); its origin is the only one allowed to change state. */
  appUrl: string;
  logLevel: LogLevel;
  /**
   * Which proxies in front may name the client's address in X-Forwarded-For (Express's
   * `trust proxy`): none, a hop count, or their addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** Requests allowed per window before 429 (docs/security.md#rate-limits). */
  rateLimits: {
    /** Client sign-in and registration attempts per address, per 15 minutes. */
    signInPerAddress: number;
    /** Client sign-in attempts per username, and registration attempts per invitation, per 15 minutes. */
    signInPerAccount: number;
    /** Requests to any other anonymous route per address, per minute. */
    publicPerAddress: number;
    /** Open-pixel, click and logo requests per address, per minute (mail image proxies share addresses). */
    trackingPerAddress: number;
    /** Requests per signed-in broker, admin or client, per minute. */
    apiPerUser: number;
    /** Requests per API token, per minute (counted apart from its owner's browser session). */
    apiPerToken: number;
    /** Client password reset requests per address, per hour (over it the answer is the same, but nothing is sent). */
    passwordResetPerAddress: number;
  };
  dataDir: string;
  frontendDist: string;
  phi: {
    /** Encryption key for health data (32 bytes, base64); unset outside production: generated into DATA_DIR. */
    key?: string;
    /** Earlier keys, still read until `npm run phi:reencrypt` has moved every value to `key`. */
    oldKeys: string[];
  };
  auth: {
    /** External OpenID Connect provider; unset means the embedded development provider. */
    oidc?: { issuer: string; clientId: string; clientSecret: string; allowHttp: boolean };
    /** Unset outside production: a generated secret is kept in DATA_DIR. */
    sessionSecret?: string;
    brokerIdleMinutes: number;
    clientIdleMinutes: number;
    sessionMaxDays: number;
  };
  billing: {
    /** Stripe; unset: local billing mode (tier and status change in the database). */
    stripe?: {
      secretKey: string;
      webhookSecret: string;
      prices: { flat: string; pmpm: string; overage: string };
      /** Stripe's API address; only for a local stand-in in tests. */
      apiBaseUrl?: string;
    };
    /** Monthly operating costs for admin net profit, in cents. */
    operatingCostsMonthlyCents: number;
  };
  jobs: {
    /**
     * Whether this instance takes part in the cluster's schedules (nightly engagement, month-end
     * snapshot, Stripe sync, claim release, rate-limit clean-up): each occurrence runs once across all
     * instances. Off in tests, which run those jobs themselves.
     */
    schedules: boolean;
    /** How often an instance checks the schedules for a due occurrence (pg-boss's cron monitor). */
    scheduleCheckSeconds: number;
    /**
     * A background job (a CSV import) whose instance has not signalled it is alive for this long (it
     * crashed or was killed) is taken again by another instance; instances check this as often.
     */
    heartbeatSeconds: number;
  };
  messaging: {
    /** Twilio voice and SMS; unset: the development outbox. */
    twilio?: { accountSid: string; authToken: string; fromNumber: string; apiBaseUrl?: string };
    /** SMTP for e-mail; unset: the development outbox. */
    smtpUrl?: string;
    mailFrom: string;
    /** Cron expression for the reminder dispatcher. */
    dispatchCron: string;
    /** How many deliveries one dispatcher run claims at most, and sends at once. */
    dispatchBatchSize: number;
    dispatchConcurrency: number;
    /** A claim older than this is presumed abandoned (its process died) and released. */
    claimTimeoutSeconds: number;
    /**
     * At most this many sends per second per channel and process (0: no limit), applied when the
     * channel goes through a real provider (Twilio, SMTP); the development outbox is never limited.
     */
    ratePerSecond: { voice: number; sms: number; email: number };
    /** How long a provider (Twilio, SMTP) may take to answer one send before it counts as failed. */
    providerTimeoutMs: number;
    /** A2P 10DLC: each agency registered as its own brand and campaign (docs/messaging.md). */
    a2p: {
      /**
       * An agency's texts wait (held, with their reason) until its campaign is approved. Default: on
       * where Twilio carries texts, off with the development outbox.
       */
      holdUnregisteredTexts: boolean;
      /** The platform's own approved primary customer profile (Trust Hub, BU…), which each agency's profile is attached to. */
      primaryCustomerProfileSid?: string;
      /** The address Twilio's registration e-mails go to (the operator's), besides the status polled. */
      notificationEmail: string;
    };
  };
  consent: {
    /** Permission to contact for marketing lapses this many months after it was given. */
    marketingMonths: number;
    /** A revocation of marketing on one channel revokes marketing on every channel. */
    revokeMarketingEverywhere: boolean;
    /** The broker is shown clients whose marketing permission lapses within this many days. */
    lapseWarningDays: number;
    /** Verifies the e-mail provider's bounce and complaint webhook; unset: no webhook. */
    emailWebhookSecret?: string;
  };
  uploads: {
    /** Largest client CSV accepted, in bytes. */
    csvMaxBytes: number;
    /** A client CSV of at most this many rows is imported while the upload waits (200 with the result); a longer one in the background (202). */
    csvInlineMaxRows: number;
    /** Largest resource file accepted, in bytes. */
    resourceMaxBytes: number;
  };
  storage: {
    /** Local disk folder (default DATA_DIR/uploads), used when no S3 bucket is configured. */
    localDir: string;
    s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  };
  database: {
    /** Set when an external server is used; unset means the embedded server is started. */
    url?: string;
    embeddedPort: number;
    poolMax: number;
    seedDemoData: boolean;
  };
}

/** A bad setting: the message names the variable, so start-up can print one clear line. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const value = read(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false (got "${value}")`);
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

function path(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback;
  return isAbsolute(value) ? value : resolve(REPO_ROOT, value);
}

function oidcSettings(env: Env, production: boolean): AppConfig['auth']['oidc'] {
  const issuer = url(env, 'OIDC_ISSUER', ['http:', 'https:']);
  if (!issuer) {
    if (production) throw new ConfigError('OIDC_ISSUER', 'is required in production (the development sign-in provider never runs there)');
    return undefined;
  }
  const allowHttp = boolean(env, 'OIDC_ALLOW_HTTP', !production);
  if (!allowHttp && !issuer.startsWith('https:')) {
    throw new ConfigError('OIDC_ISSUER', 'must use https in production (OIDC_ALLOW_HTTP=true permits http for a local stack)');
  }
  const clientId = read(env, 'OIDC_CLIENT_ID');
  if (!clientId) throw new ConfigError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
  const clientSecret = read(env, 'OIDC_CLIENT_SECRET');
  if (!clientSecret) throw new ConfigError('OIDC_CLIENT_SECRET', 'is required when OIDC_ISSUER is set');
  return { issuer, clientId, clientSecret, allowHttp };
}

function twilioSettings(env: Env): AppConfig['messaging']['twilio'] {
  const accountSid = read(env, 'TWILIO_ACCOUNT_SID');
  const authToken = read(env, 'TWILIO_AUTH_TOKEN');
  const fromNumber = read(env, 'TWILIO_FROM_NUMBER');
  if (!accountSid && !authToken && !fromNumber) return undefined;
  if (!accountSid || !/^AC[0-9a-fA-F]{32}$/.test(accountSid))
    throw new ConfigError('TWILIO_ACCOUNT_SID', 'must be an account SID (AC followed by 32 hex digits)');
  if (!authToken) throw new ConfigError('TWILIO_AUTH_TOKEN', 'is required with TWILIO_ACCOUNT_SID');
  if (!fromNumber || !/^\+[1-9]\d{6,14}$/.test(fromNumber))
    throw new ConfigError('TWILIO_FROM_NUMBER', 'must be a phone number in E.164 (+15551234567)');
  return { accountSid, authToken, fromNumber, apiBaseUrl: url(env, 'TWILIO_API_BASE_URL', ['http:', 'https:']) };
}

function a2pSettings(env: Env): AppConfig['messaging']['a2p'] {
  const twilioConfigured = read(env, 'TWILIO_ACCOUNT_SID') !== undefined;
  const primary = read(env, 'TWILIO_PRIMARY_CUSTOMER_PROFILE_SID');
  if (primary !== undefined && !/^BU[0-9a-fA-F]{32}$/.test(primary))
    throw new ConfigError('TWILIO_PRIMARY_CUSTOMER_PROFILE_SID', 'must be a Trust Hub bundle SID (BU followed by 32 hex digits)');
  return {
    holdUnregisteredTexts: boolean(env, 'A2P_HOLD_UNREGISTERED_TEXTS', twilioConfigured),
    primaryCustomerProfileSid: primary,
    notificationEmail: read(env, 'A2P_NOTIFICATION_EMAIL') ?? 'compliance@carekeep.local',
  };
}

function stripeSettings(env: Env): AppConfig['billing']['stripe'] {
  const secretKey = read(env, 'STRIPE_SECRET_KEY');
  if (!secretKey) return undefined;
  if (!/^(sk|rk)_(test|live)_/.test(secretKey))
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_… or sk_live_…)');
  const need = (name: string, prefix: string) => {
    const value = read(env, name);
    if (!value || !value.startsWith(prefix)) throw new ConfigError(name, `is required with STRIPE_SECRET_KEY (${prefix}…)`);
    return value;
  };
  return {
    secretKey,
    webhookSecret: need('STRIPE_WEBHOOK_SECRET', 'whsec_'),
    prices: {
      flat: need('STRIPE_PRICE_FLAT', 'price_'),
      pmpm: need('STRIPE_PRICE_PMPM', 'price_'),
      overage: need('STRIPE_PRICE_OVERAGE', 'price_'),
    },
    apiBaseUrl: url(env, 'STRIPE_API_BASE_URL', ['http:', 'https:']),
  };
}

function s3Settings(env: Env): AppConfig['storage']['s3'] {
  const bucket = read(env, 'S3_BUCKET');
  if (!bucket) return undefined;
  return {
    bucket,
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    accessKeyId: read(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** Nobody by default: without a proxy in front, X-Forwarded-For is whatever the caller wrote. */
function trustProxy(env: Env): AppConfig['trustProxy'] {
  const value = read(env, 'TRUST_PROXY');
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    if (Number(value) > 10) throw new ConfigError('TRUST_PROXY', `must be a number of proxy hops from 0 to 10 (got "${value}")`);
    return Number(value) || false;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isProxyRange(entry));
  if (bad !== undefined || !entries.length) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal) (got "${bad ?? value}")`,
    );
  }
  return entries;
}

function cron(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback;
  if (!/^(\S+\s+){4,5}\S+$/.test(value)) throw new ConfigError(name, `must be a cron expression with 5 or 6 fields (got "${value}")`);
  return value;
}

function checkPhiKey(name: string, value: string): string {
  if (Buffer.from(value, 'base64').length !== 32 || !/^[A-Za-z0-9+/]{43}=$/.test(value)) {
    throw new ConfigError(name, 'must be 32 random bytes in base64 (openssl rand -base64 32)');
  }
  return value;
}

function phiKey(env: Env, name: string, production: boolean): string | undefined {
  const value = read(env, name);
  if (!value) {
    if (production) throw new ConfigError(name, 'is required in production (openssl rand -base64 32)');
    return undefined;
  }
  return checkPhiKey(name, value);
}

function databaseUrl(env: Env, production: boolean): string | undefined {
  const value = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  if (!value && production) {
    throw new ConfigError(
      'DATABASE_URL',
      'is required in production (postgres://user:password@host:5432/carekeep); the embedded PostgreSQL is for local use only',
    );
  }
  return value;
}

const MIN_SECRET_LENGTH = 32;

function sessionSecret(env: Env, production: boolean): string | undefined {
  const secret = read(env, 'SESSION_SECRET');
  if (secret === undefined) {
    if (production) throw new ConfigError('SESSION_SECRET', `is required in production (${MIN_SECRET_LENGTH}+ random characters)`);
    return undefined;
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError('SESSION_SECRET', `must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  if (production && /change-?me|placeholder|example|secret{2,}/i.test(secret)) {
    throw new ConfigError('SESSION_SECRET', 'is a placeholder; set a random value in production');
  }
  return secret;
}

/** Reads and validates every setting the application uses. The only place that reads process.env. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const appUrl = (url(env, 'APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path(env, 'DATA_DIR', '.data');
  const production = nodeEnv === 'production';
  return {
    nodeEnv,
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 60_000),
    appUrl,
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    trustProxy: trustProxy(env),
    rateLimits: {
      signInPerAddress: integer(env, 'RATE_LIMIT_SIGN_IN_PER_ADDRESS', 20, 1, 1_000_000),
      signInPerAccount: integer(env, 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT', 10, 1, 1_000_000),
      publicPerAddress: integer(env, 'RATE_LIMIT_PUBLIC_PER_ADDRESS', 120, 1, 1_000_000),
      trackingPerAddress: integer(env, 'RATE_LIMIT_TRACKING_PER_ADDRESS', 1200, 1, 1_000_000),
      apiPerUser: integer(env, 'RATE_LIMIT_API_PER_USER', 600, 1, 1_000_000),
      apiPerToken: integer(env, 'RATE_LIMIT_API_PER_TOKEN', 300, 1, 1_000_000),
      passwordResetPerAddress: integer(env, 'RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS', 3, 1, 1_000_000),
    },
    dataDir,
    frontendDist: path(env, 'FRONTEND_DIST', 'frontend/dist'),
    phi: {
      key: phiKey(env, 'PHI_ENCRYPTION_KEY', production),
      oldKeys: (read(env, 'PHI_ENCRYPTION_OLD_KEYS') ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .map((k) => checkPhiKey('PHI_ENCRYPTION_OLD_KEYS', k)),
    },
    auth: {
      oidc: oidcSettings(env, production),
      sessionSecret: sessionSecret(env, production),
      brokerIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES_BROKER', 480, 1, 7 * 24 * 60),
      clientIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES_CLIENT', 30, 1, 7 * 24 * 60),
      sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 7, 1, 90),
    },
    billing: {
      stripe: stripeSettings(env),
      operatingCostsMonthlyCents: integer(env, 'OPERATING_COSTS_MONTHLY_CENTS', 0, 0, 1_000_000_000),
    },
    jobs: {
      schedules: boolean(env, 'JOB_SCHEDULES', nodeEnv !== 'test'),
      scheduleCheckSeconds: integer(env, 'JOB_SCHEDULE_CHECK_SECONDS', 30, 1, 45),
      heartbeatSeconds: integer(env, 'JOB_HEARTBEAT_SECONDS', 30, 10, 600),
    },
    messaging: {
      twilio: twilioSettings(env),
      smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      mailFrom: read(env, 'MAIL_FROM') ?? 'CareKeep <no-reply@carekeep.local>',
      dispatchCron: cron(env, 'REMINDER_DISPATCH_CRON', '* * * * *'),
      dispatchBatchSize: integer(env, 'DISPATCH_BATCH_SIZE', 500, 1, 10_000),
      dispatchConcurrency: integer(env, 'DISPATCH_CONCURRENCY', 20, 1, 500),
      claimTimeoutSeconds: integer(env, 'DISPATCH_CLAIM_TIMEOUT_SECONDS', 300, 5, 86_400),
      ratePerSecond: {
        voice: integer(env, 'DISPATCH_VOICE_PER_SECOND', 1, 0, 10_000),
        sms: integer(env, 'DISPATCH_SMS_PER_SECOND', 10, 0, 10_000),
        email: integer(env, 'DISPATCH_EMAIL_PER_SECOND', 0, 0, 10_000),
      },
      providerTimeoutMs: integer(env, 'PROVIDER_TIMEOUT_MS', 10_000, 100, 300_000),
      a2p: a2pSettings(env),
    },
    consent: {
      marketingMonths: integer(env, 'CONSENT_MARKETING_MONTHS', 12, 1, 120),
      revokeMarketingEverywhere: boolean(env, 'CONSENT_REVOKE_MARKETING_EVERYWHERE', true),
      lapseWarningDays: integer(env, 'CONSENT_LAPSE_WARNING_DAYS', 30, 1, 365),
      emailWebhookSecret: read(env, 'EMAIL_WEBHOOK_SECRET'),
    },
    uploads: {
      csvMaxBytes: integer(env, 'CSV_UPLOAD_MAX_MB', 10, 1, 500) * 1024 * 1024,
      csvInlineMaxRows: integer(env, 'CSV_IMPORT_INLINE_MAX_ROWS', 5000, 0, 100_000),
      resourceMaxBytes: integer(env, 'RESOURCE_UPLOAD_MAX_MB', 200, 1, 5000) * 1024 * 1024,
    },
    storage: {
      localDir: path(env, 'UPLOADS_DIR', join(dataDir, 'uploads')),
      s3: s3Settings(env),
    },
    database: {
      url: databaseUrl(env, production),
      embeddedPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
      poolMax: integer(env, 'DATABASE_POOL_MAX', 10, 1, 200),
      seedDemoData: boolean(env, 'SEED_DEMO_DATA', nodeEnv === 'development'),
    },
  };
}

/**
 * Loads the settings file named by ENV_FILE (default: the repository's `.env`), if it exists;
 * variables already set in the environment win. ENV_FILE=none loads nothing.
 */
export function loadDotEnv(): void {
  const file = process.env.ENV_FILE?.trim() || join(REPO_ROOT, '.env');
  if (file !== 'none' && existsSync(file)) process.loadEnvFile(file);
}

/** Nest injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
