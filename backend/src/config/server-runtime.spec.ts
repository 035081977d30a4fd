import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { REPO_ROOT } from './config.js';

// The server's memory settings are spelled out in package.json (npm start) and the Dockerfile as
// well as in scripts/server-runtime.mjs (npm run dev, the benchmarks): all three must agree.
describe('server runtime settings', () => {
  let flags: string[];
  let env: Record<string, string>;

  beforeAll(async () => {
    const runtime = (await import(pathToFileURL(join(REPO_ROOT, 'scripts/server-runtime.mjs')).href)) as {
      SERVER_NODE_FLAGS: string[];
      SERVER_ENV: Record<string, string>;
    };
    flags = runtime.SERVER_NODE_FLAGS;
    env = runtime.SERVER_ENV;
  });

  it('npm start runs node with the same flags and environment', () => {
    const start = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`exec node ${flags.join(' ')} scripts/start.mjs`);
    for (const [name, value] of Object.entries(env)) expect(start).toContain(`${name}=\${${name}:-${value}}`);
  });

  it('the container runs node with the same flags and environment', () => {
    const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`CMD ${JSON.stringify(['node', ...flags, 'backend/dist/main.js'])}`.replaceAll('","', '", "'));
    for (const [name, value] of Object.entries(env)) expect(dockerfile).toContain(`ENV ${name}=${value}`);
  });
});
