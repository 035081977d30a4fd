import { ConfigError, REPO_ROOT, loadConfig } from './config.js';

function configError(env: Record<string, string>): ConfigError {
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
    expect(config.publicUrl).toBe('http://localhost:3000');
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
      PUBLIC_URL: 'https://app.example.com/',
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
      publicUrl: 'https://app.example.com',
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

  it('does not seed demo data outside development unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).database.seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).database.seedDemoData).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).database.seedDemoData).toBe(false);
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
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ EMBEDDED_PG_PORT: '80' }, 'EMBEDDED_PG_PORT'],
    [{ DATABASE_POOL_MAX: 'many' }, 'DATABASE_POOL_MAX'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA'],
  ])('rejects %j with a message naming %s', (env, variable) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message.split('\n')).toHaveLength(1);
  });
});
