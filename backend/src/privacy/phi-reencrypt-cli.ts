import 'reflect-metadata';

import { MikroORM } from '@mikro-orm/postgresql';

import { ConfigError, loadConfig, loadDotEnv } from '../config/config.js';
import { openDatabaseServer } from '../database/database-server.js';
import { EmbeddedPostgresError } from '../database/embedded-postgres.js';
import { ormOptions } from '../database/mikro-orm.config.js';
import { currentPhiKeyId, MissingPhiKeyError, resolvePhiKey, usePhiKeys } from './phi-crypto.js';
import { countStale, encryptedTables, reencryptTable } from './phi-reencryption.repository.js';

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

const USAGE = 'Usage: npm run phi:reencrypt [-- --batch-size N]';

function batchSize(args: string[]): number | undefined {
  if (!args.length) return 500;
  const size = Number(args[1]);
  return args.length === 2 && args[0] === '--batch-size' && Number.isInteger(size) && size >= 1 && size <= 100_000 ? size : undefined;
}

/**
 * `npm run phi:reencrypt`: moves every health-data value to PHI_ENCRYPTION_KEY, reading the
 * others with PHI_ENCRYPTION_OLD_KEYS (docs/privacy.md, "Rotating the key").
 */
async function main(args: string[]): Promise<number> {
  const size = batchSize(args);
  if (size === undefined) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  usePhiKeys(await resolvePhiKey(config), config.phi.oldKeys);
  const server = await openDatabaseServer(config);
  const orm = await MikroORM.init(ormOptions({ url: server.url, poolMax: 2 }));
  try {
    const pending = await orm.migrator.getPending();
    if (pending.length) {
      console.error(`The database is not migrated (${pending.length} pending): run npm run migrate first.`);
      return 1;
    }
    const keyId = currentPhiKeyId();
    console.log(`Re-encrypting health data with key ${keyId}, ${size} rows per transaction.`);
    const tables = encryptedTables(orm.getMetadata());
    let rows = 0;
    let left = 0;
    for (const table of tables) {
      const result = await reencryptTable(orm.em, table, size);
      rows += result.rows;
      const plain = result.encrypted ? `, ${result.encrypted} of them stored in plain text until now` : '';
      console.log(
        `${table.table} (${table.columns.join(', ')}): ${count(result.reencrypted + result.encrypted, 'value')} in ${count(result.rows, 'row')} rewritten${plain}`,
      );
      left += await countStale(orm.em, table);
    }
    if (left) {
      // Written meanwhile by an instance that still encrypts with an old key.
      console.error(
        `${count(left, 'value')} still not under key ${keyId}: restart every instance with the new PHI_ENCRYPTION_KEY, then run this again.`,
      );
      return 1;
    }
    console.log(
      `Done: ${count(rows, 'row')} rewritten; every value is under key ${keyId}. The old keys can be removed from PHI_ENCRYPTION_OLD_KEYS.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof MissingPhiKeyError)) throw error;
    console.error(`${error.message}. The rows rewritten before it are saved; run this again once the key is set.`);
    return 1;
  } finally {
    await orm.close();
    await server.stop();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof EmbeddedPostgresError ? error.message : error);
  process.exitCode = 1;
}
