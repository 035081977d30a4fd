import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../src/config/config.js';
import { User } from '../src/users/user.entity.js';
import { childEnv } from './helpers/app-process.js';
import { makeUser } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const CLI = join(REPO_ROOT, 'backend/dist/users/admin-cli.js');

describe('npm run admin:grant / admin:revoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does) first`);
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function cli(...args: string[]) {
    const run = spawnSync(process.execPath, [CLI, ...args], {
      env: { ...childEnv(), ENV_FILE: 'none', DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  }

  it('grants and revokes admin by e-mail, case-insensitively', async () => {
    const user = await makeUser(t.em(), { email: 'Grace.Hopper@agency.test' });
    const granted = cli('grant', 'grace.hopper@AGENCY.test');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain('Granted admin: Grace.Hopper@agency.test');
    expect((await t.em().findOneOrFail(User, user.id)).isAdmin).toBe(true);

    const revoked = cli('revoke', 'Grace.Hopper@agency.test');
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain('Revoked admin');
    expect((await t.em().findOneOrFail(User, user.id)).isAdmin).toBe(false);
  });

  it('says clearly when nobody has that e-mail', () => {
    const result = cli('grant', 'nobody@agency.test');
    expect(result.code).toBe(1);
    expect(result.err).toContain('No user has the e-mail nobody@agency.test');
    expect(result.err).toContain('must sign in once');
  });

  it('treats wildcard characters literally', async () => {
    await makeUser(t.em(), { email: 'percent@agency.test' });
    expect(cli('grant', '%@agency.test').code).toBe(1);
  });

  it('explains its usage', () => {
    const result = cli('promote');
    expect(result.code).toBe(2);
    expect(result.err).toContain('npm run admin:grant -- EMAIL');
  });
});
