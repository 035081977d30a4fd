import { ConfigError, loadConfig, REPO_ROOT } from './config.js';
import { PRODUCTION_TEST_ENV } from './test-env.js';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives working defaults for a local start', () => {
    const config = loadConfig({});
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.auth).toEqual({
      oidc: undefined,
      sessionSecret: undefined,
      brokerIdleMinutes: 480,
      clientIdleMinutes: 30,
      sessionMaxDays: 7,
    });
    expect(config.database.url).toBeUndefined();
    expect(config.database.embeddedPort).toBe(54329);
    expect(config.database.seedDemoData).toBe(true);
    expect(config.dataDir).toBe(`${REPO_ROOT}/.data`);
    expect(config.frontendDist).toBe(`${REPO_ROOT}/frontend/dist`);
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      APP_URL: 'https://app.example.com/',
      OIDC_ISSUER: 'https://id.example.com/realms/carekeep',
      OIDC_CLIENT_ID: 'carekeep',
      OIDC_CLIENT_SECRET: 's3cr3t',
      SESSION_SECRET: 'q8Jd93hfK2mZx0Lp4Vb7Nc1Rt6Yw5Ea9',
      PHI_ENCRYPTION_KEY: 'S8fM3b0mYt3Qx5wq7bq4v8o0mJmYl0d0bY7cQ0k9uZ0=',
      SESSION_IDLE_MINUTES_BROKER: '60',
      SESSION_IDLE_MINUTES_CLIENT: '15',
      SESSION_MAX_DAYS: '3',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/carekeep',
      DATABASE_URL: 'postgres://app:secret@db:5432/carekeep',
      EMBEDDED_PG_PORT: '60000',
      DATABASE_POOL_MAX: '25',
      SEED_DEMO_DATA: 'yes',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      appUrl: 'https://app.example.com',
      auth: {
        oidc: {
          issuer: 'https://id.example.com/realms/carekeep',
          clientId: 'carekeep',
          clientSecret: 's3cr3t',
          allowHttp: false,
        },
        sessionSecret: 'q8Jd93hfK2mZx0Lp4Vb7Nc1Rt6Yw5Ea9',
        brokerIdleMinutes: 60,
        clientIdleMinutes: 15,
        sessionMaxDays: 3,
      },
      logLevel: 'warn',
      dataDir: '/var/lib/carekeep',
      database: {
        url: 'postgres://app:secret@db:5432/carekeep',
        embeddedPort: 60000,
        poolMax: 25,
        seedDemoData: true,
      },
    });
  });

  const production = PRODUCTION_TEST_ENV;

  it('does not seed demo data outside development unless asked', () => {
    expect(loadConfig(production).database.seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).database.seedDemoData).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).database.seedDemoData).toBe(false);
  });

  it('permits an http issuer in production only when asked (a local stack)', () => {
    const local = { ...production, OIDC_ISSUER: 'http://host.docker.internal:8080/realms/carekeep', OIDC_ALLOW_HTTP: 'true' };
    expect(loadConfig(local).auth.oidc?.allowHttp).toBe(true);
    expect(loadConfig({ OIDC_ISSUER: 'http://localhost:8080', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).auth.oidc?.allowHttp).toBe(
      true,
    );
  });

  it('trusts no proxy unless told which, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION_TEST_ENV).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32, 192.0.2.10' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.10',
    ]);
  });

  it('has rate limits by default, and takes others', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      signInPerAddress: 20,
      signInPerAccount: 10,
      publicPerAddress: 120,
      trackingPerAddress: 1200,
      apiPerUser: 600,
      apiPerToken: 300,
      passwordResetPerAddress: 3,
    });
    expect(loadConfig({ RATE_LIMIT_API_PER_USER: '5000' }).rateLimits.apiPerUser).toBe(5000);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: '' }).database.url).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '30.5' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ APP_URL: 'ftp://example.com' }, 'APP_URL'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
    [{ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x' }, 'OIDC_CLIENT_SECRET'],
    [{ OIDC_ISSUER: 'id.example.com' }, 'OIDC_ISSUER'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SESSION_IDLE_MINUTES_CLIENT: '0' }, 'SESSION_IDLE_MINUTES_CLIENT'],
    [{ SESSION_MAX_DAYS: '365' }, 'SESSION_MAX_DAYS'],
    [{ ...production, OIDC_ISSUER: undefined }, 'OIDC_ISSUER'],
    [{ ...production, OIDC_ISSUER: 'http://id.example.com' }, 'OIDC_ISSUER'],
    [{ ...production, SESSION_SECRET: undefined }, 'SESSION_SECRET'],
    [{ ...production, PHI_ENCRYPTION_KEY: undefined }, 'PHI_ENCRYPTION_KEY'],
    [{ ...production, DATABASE_URL: undefined }, 'DATABASE_URL'],
    [{ PHI_ENCRYPTION_KEY: 'too-short' }, 'PHI_ENCRYPTION_KEY'],
    [{ PHI_ENCRYPTION_OLD_KEYS: 'nope' }, 'PHI_ENCRYPTION_OLD_KEYS'],
    [{ ...production, SESSION_SECRET: 'change-me-to-a-long-random-string-in-production' }, 'SESSION_SECRET'],
    [{ EMBEDDED_PG_PORT: '80' }, 'EMBEDDED_PG_PORT'],
    [{ DATABASE_POOL_MAX: 'many' }, 'DATABASE_POOL_MAX'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback, proxy.internal' }, 'TRUST_PROXY'],
    [{ RATE_LIMIT_SIGN_IN_PER_ADDRESS: '0' }, 'RATE_LIMIT_SIGN_IN_PER_ADDRESS'],
    [{ RATE_LIMIT_API_PER_USER: 'lots' }, 'RATE_LIMIT_API_PER_USER'],
  ])('rejects %j with a message naming %s', (env, variable) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message.split('\n')).toHaveLength(1);
  });
});
