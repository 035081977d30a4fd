import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { MikroORM } from '@mikro-orm/postgresql';

import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { REPO_ROOT } from '../src/config/config.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { decryptPhi, readPhi, usePhiKeys } from '../src/privacy/phi-crypto.js';
import { type EncryptedTable, encryptedTables } from '../src/privacy/phi-reencryption.repository.js';
import { childEnv } from './helpers/app-process.js';
import { browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient, makeInvitation, makeUser } from './helpers/factories.js';
import { createTestApp, TEST_PHI_KEY, type TestApp } from './helpers/test-app.js';

const CLI = join(REPO_ROOT, 'backend/dist/privacy/phi-reencrypt-cli.js');
const KEY_A = TEST_PHI_KEY;
const KEY_B = '5+0XXIBhstHpAIA6iMml94tWk+FgDiv9WnnYRJjcpxE=';
const KEY_C = 'bhfshSU3P/nFBWP6ARVLTbIvTmY6/uyQ+rAIagMkmtE=';
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const keyId = (key: string) => createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);

const MEDICATIONS = [
  { name: 'Rotamet-11', dosage: '10 mg', frequency: 'daily', instructions: 'with water' },
  { name: 'Rotamet-22', dosage: '20 mg', frequency: 'twice a day', instructions: null },
  { name: 'Rotamet-33', dosage: null, frequency: null, instructions: 'before bed' },
];
const LEGACY = 'written before encryption';

describe('npm run phi:reencrypt', () => {
  let t: TestApp;
  let tables: EncryptedTable[];
  let client: { username: string; password: string };

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does) first`);
    t = await createTestApp();
    tables = encryptedTables(t.app.get(MikroORM).getMetadata());
    const em = t.em();
    client = { username: 'rotation.client', password: 'violet-tractor-91' };
    const agent = browser(t);
    const token = await makeInvitation(em, await makeClient(em, await makeUser(em), { firstName: 'Rota' }));
    expect((await agent.post('/api/client/register').send({ token, ...client })).status).toBe(201);
    const ids: string[] = [];
    for (const medication of MEDICATIONS) {
      const res = await agent
        .post('/api/client/medications')
        .send(Object.fromEntries(Object.entries(medication).filter(([, v]) => v !== null)));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const reminder = await agent.post('/api/client/reminders').send({
      medicationId: ids[0],
      scheduledTime: new Date(realNow().getTime() + 60_000).toISOString(),
      message: 'Rotation noon dose',
      timeZone: 'America/New_York',
    });
    expect(reminder.status).toBe(201);
    // One occurrence sent, so the development outbox holds an encrypted copy of the call.
    const next = (await t.em().findOneOrFail(ClientReminder, reminder.body.id)).nextOccurrenceAt!;
    await t.app.get(DispatcherService).runOnce({ now: new Date(next.getTime() + 1000) });
    // A value stored before encryption existed: read as it is, encrypted by the command.
    await t.em().execute(`update medications set dosage = ? where id = ?`, [LEGACY, ids[2]]);
  });
  afterAll(() => t?.close());

  function cli(env: Record<string, string>, ...args: string[]) {
    const run = spawnSync(process.execPath, [CLI, ...args], {
      env: { ...childEnv(), ENV_FILE: 'none', DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  }

  /** Every stored health-data value, keyed `table/id/column`. */
  async function stored(): Promise<Map<string, string>> {
    const values = new Map<string, string>();
    for (const { table, key, columns } of tables) {
      const rows = await t
        .em()
        .execute<Record<string, string | null>[]>(`select ${[key, ...columns].join(', ')} from ${table} order by ${key}`);
      for (const row of rows) {
        for (const column of columns) if (row[column] !== null) values.set(`${table}/${row[key]}/${column}`, row[column]);
      }
    }
    return values;
  }

  const plain = (values: Map<string, string>) => new Map([...values].map(([where, value]) => [where, readPhi(value)]));

  it('finds every encrypted column from the entities', () => {
    expect(tables).toEqual([
      { table: 'caregivers', key: 'id', columns: ['name', 'relationship'] },
      { table: 'client_reminders', key: 'id', columns: ['message'] },
      // A client's text that answered their own reminder (docs/privacy.md "Replies and the inbox").
      { table: 'inbox_messages', key: 'id', columns: ['private_body'] },
      { table: 'medications', key: 'id', columns: ['name', 'dosage', 'frequency', 'instructions', 'pills_on_hand', 'pills_per_day'] },
      { table: 'outbox_messages', key: 'id', columns: ['subject', 'body'] },
    ]);
  });

  it('moves every value from the previous key to the current one, in batches, and a second run changes nothing', async () => {
    usePhiKeys(KEY_A);
    const before = await stored();
    const expected = plain(before);
    expect([...expected.values()]).toEqual(expect.arrayContaining(['Rotamet-11', '10 mg', 'before bed', LEGACY, 'Rotation noon dose']));
    const outbox = [...before.keys()].filter((where) => where.startsWith('outbox_messages/'));
    const outboxRows = new Set(outbox.map((where) => where.split('/')[1])).size;
    expect(outbox.some((where) => expected.get(where)!.includes('Rotation noon dose'))).toBe(true);
    expect([...before.values()].filter((value) => value.startsWith(`phi1:${keyId(KEY_A)}:`))).toHaveLength(before.size - 1);

    // Without the previous key nothing can be read, so nothing is written.
    const refused = cli({ PHI_ENCRYPTION_KEY: KEY_C });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`No key ${keyId(KEY_A)} to decrypt this value (add it to PHI_ENCRYPTION_OLD_KEYS)`);
    expect(await stored()).toEqual(before);

    const first = cli({ PHI_ENCRYPTION_KEY: KEY_B, PHI_ENCRYPTION_OLD_KEYS: KEY_A }, '--batch-size', '2');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain(`Re-encrypting health data with key ${keyId(KEY_B)}, 2 rows per transaction.`);
    expect(first.out).toContain('client_reminders (message): 1 value in 1 row rewritten\n');
    expect(first.out).toContain(
      'medications (name, dosage, frequency, instructions, pills_on_hand, pills_per_day): 10 values in 3 rows rewritten, 1 of them stored in plain text until now\n',
    );
    expect(first.out).toContain(
      `outbox_messages (subject, body): ${count(outbox.length, 'value')} in ${count(outboxRows, 'row')} rewritten\n`,
    );
    expect(first.out).toContain(`Done: ${4 + outboxRows} rows rewritten; every value is under key ${keyId(KEY_B)}.`);

    // The previous key is gone: every value reads with the new key alone.
    usePhiKeys(KEY_B);
    const after = await stored();
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [where, value] of after) {
      expect({ where, key: value.split(':')[1] }).toEqual({ where, key: keyId(KEY_B) });
      expect({ where, value: decryptPhi(value) }).toEqual({ where, value: expected.get(where) });
    }

    const second = cli({ PHI_ENCRYPTION_KEY: KEY_B });
    expect(second).toMatchObject({ code: 0, err: '' });
    expect(second.out).toContain(
      'medications (name, dosage, frequency, instructions, pills_on_hand, pills_per_day): 0 values in 0 rows rewritten\n',
    );
    expect(second.out).toContain('Done: 0 rows rewritten;');
    expect(await stored()).toEqual(after);
  });

  it('leaves the data readable by an instance that has only the new key', async () => {
    const next = await createTestApp({ databaseUrl: t.databaseUrl, env: { PHI_ENCRYPTION_KEY: KEY_B } });
    try {
      const agent = browser(next);
      expect((await agent.post('/api/client/login').send(client)).status).toBe(200);
      const medications = await agent.get('/api/client/medications');
      expect(medications.status).toBe(200);
      const words = ({ name, dosage, frequency, instructions }: Record<string, unknown>) => ({ name, dosage, frequency, instructions });
      expect(medications.body.map(words)).toEqual(
        expect.arrayContaining([MEDICATIONS[0], { ...MEDICATIONS[1], instructions: null }, { ...MEDICATIONS[2], dosage: LEGACY }]),
      );
    } finally {
      await next.close();
    }
  });

  it('explains its usage', () => {
    const result = cli({ PHI_ENCRYPTION_KEY: KEY_B }, '--batch-size', 'many');
    expect(result.code).toBe(2);
    expect(result.err).toContain('npm run phi:reencrypt');
  });
});
