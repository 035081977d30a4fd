import { randomBytes } from 'node:crypto';

import { MikroORM } from '@mikro-orm/postgresql';

import { ensureDatabase, withDatabaseName, withPgClient } from '../../src/database/database-server.js';
import { ormOptions } from '../../src/database/mikro-orm.config.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: e2e tests run through the e2e project's global setup`);
  return value;
}

export const testServerUrl = (): string => required('CAREKEEP_TEST_SERVER_URL');
const templateName = (): string => required('CAREKEEP_TEST_TEMPLATE_DB');

const TEMPLATE_LOCK = 7_240_001;
const TEMPLATE_BUSY = '55006';

/** The run's template database, created and migrated by whichever worker gets here first. */
async function ensureTemplate(serverUrl: string, template: string): Promise<void> {
  await withPgClient(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return;
      const building = `${template}_building`;
      await client.query(`drop database if exists ${client.escapeIdentifier(building)}`);
      await client.query(`create database ${client.escapeIdentifier(building)}`);
      const orm = await MikroORM.init(ormOptions({ url: withDatabaseName(serverUrl, building) }));
      try {
        await orm.migrator.up();
      } finally {
        await orm.close();
      }
      await client.query(`alter database ${client.escapeIdentifier(building)} rename to ${client.escapeIdentifier(template)}`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withPgClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  });
}

/** A fresh, fully migrated database copied from the run's template. */
export async function createTestDatabase(): Promise<{ url: string; name: string }> {
  const serverUrl = testServerUrl();
  const template = templateName();
  await ensureTemplate(serverUrl, template);
  const name = `carekeep_test_${randomBytes(6).toString('hex')}`;
  // Two workers copying the template at the same moment can briefly see each other: retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureDatabase(serverUrl, name, template);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_BUSY || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  // A scratch database need not wait for its commits to reach the disk (the machine's server keeps
  // synchronous_commit on for its own data; this setting is this database's alone).
  await withPgClient(serverUrl, (client) => client.query(`alter database ${client.escapeIdentifier(name)} set synchronous_commit = off`));
  return { url: withDatabaseName(serverUrl, name), name };
}
