import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadConfig, REPO_ROOT } from './config.js';

/** The `environment:` map of the compose file's `app` service (simple `KEY: value` lines). */
function appEnvironment(): Record<string, string> {
  const lines = readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8').split('\n');
  const app = lines.findIndex((line) => line === '  app:');
  const env: Record<string, string> = {};
  let inside = false;
  for (const line of lines.slice(app + 1)) {
    if (/^ {2}\S/.test(line) || /^\S/.test(line)) break;
    if (line === '    environment:') {
      inside = true;
      continue;
    }
    if (inside && /^ {4}\S/.test(line)) break;
    const match = /^ {6}([A-Z0-9_]+): "?([^"]*)"?$/.exec(line);
    if (inside && match) env[match[1]] = match[2]!;
  }
  return env;
}

describe('docker-compose.yml', () => {
  it('gives the app a production configuration the server accepts', () => {
    const env = appEnvironment();
    expect(env.NODE_ENV).toBe('production');
    const config = loadConfig(env);
    expect(config.auth.oidc?.issuer).toContain('/realms/carekeep');
    expect(config.database.url).toContain('@db:5432/carekeep');
    expect(config.phi.key).toBeTruthy();
  });
});
