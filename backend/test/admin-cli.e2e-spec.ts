import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../src/config/config.js';
import { childEnv } from './helpers/app-process.js';
import { query } from './helpers/built-app.js';
import { createTestDatabase, dropDatabase, testServerUrl } from './setup/test-database.js';

const CLI = join(REPO_ROOT, 'backend/dist/users/admin-cli.js');

/** The command on its own database: brokers are arranged and checked there, as the command sees them. */
describe('npm run admin:grant / admin:revoke', () => {
  let database: { url: string; name: string };
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does) first`);
    database = await createTestDatabase();
  });
  afterAll(() => dropDatabase(testServerUrl(), database.name));

  function cli(...args: string[]) {
    const run = spawnSync(process.execPath, [CLI, ...args], {
      env: { ...childEnv(), ENV_FILE: 'none', DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  }

  /** A broker who has signed in once; answers their id. */
  async function addBroker(email: string): Promise<string> {
    const [{ id }] = await query<{ id: string }>(
      database.url,
      `insert into users (id, first_name, last_name, email, trial_ends_at)
       values (gen_random_uuid(), 'Test', 'Broker', $1, now() + interval '30 days') returning id`,
      [email],
    );
    return id;
  }

  async function isAdmin(id: string): Promise<boolean> {
    const [{ is_admin }] = await query<{ is_admin: boolean }>(database.url, 'select is_admin from users where id = $1', [id]);
    return is_admin;
  }

  it('grants and revokes admin by e-mail, case-insensitively', async () => {
    const id = await addBroker('Grace.Hopper@agency.test');
    const granted = cli('grant', 'grace.hopper@AGENCY.test');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain('Granted admin: Grace.Hopper@agency.test');
    expect(await isAdmin(id)).toBe(true);

    const revoked = cli('revoke', 'Grace.Hopper@agency.test');
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain('Revoked admin');
    expect(await isAdmin(id)).toBe(false);
  });

  it('says clearly when nobody has that e-mail', () => {
    const result = cli('grant', 'nobody@agency.test');
    expect(result.code).toBe(1);
    expect(result.err).toContain('No user has the e-mail nobody@agency.test');
    expect(result.err).toContain('must sign in once');
  });

  it('treats wildcard characters literally', async () => {
    const id = await addBroker('percent@agency.test');
    expect(cli('grant', '%@agency.test').code).toBe(1);
    expect(await isAdmin(id)).toBe(false);
  });

  it('explains its usage', () => {
    const result = cli('promote');
    expect(result.code).toBe(2);
    expect(result.err).toContain('npm run admin:grant -- EMAIL');
  });
});
