import { loadConfig } from '../../config/config.js';
import { createDevProvider } from './dev-provider.js';

describe('createDevProvider', () => {
  it('refuses to run in production', async () => {
    const config = { ...loadConfig({}), nodeEnv: 'production' as const };
    await expect(createDevProvider(config)).rejects.toThrow('never runs in production');
  });

  it('registers the app as its client at APP_URL', async () => {
    const provider = await createDevProvider(loadConfig({ APP_URL: 'http://localhost:4000' }));
    expect(provider.issuer).toBe('http://localhost:4000/oidc');
    expect(provider.clientId).toBe('carekeep-local');
    expect(provider.clientSecret.length).toBeGreaterThanOrEqual(40);
  });
});
