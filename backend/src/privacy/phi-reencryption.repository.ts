import type { EntityManager, MetadataStorage } from '@mikro-orm/postgresql';

import { currentKeyPrefix, EncryptedText, encryptPhi, isEncrypted, needsReencryption, readPhi } from './phi-crypto.js';

/** A table holding health data: its primary key and its encrypted columns. */
export interface EncryptedTable {
  table: string;
  key: string;
  columns: string[];
}

export interface TableReencryption {
  table: string;
  /** Rows rewritten. */
  rows: number;
  /** Values moved from another key to the current one. */
  reencrypted: number;
  /** Values stored in plain text (written before encryption existed), now encrypted. */
  encrypted: number;
}

/**
 * Every column declared as EncryptedText, read from the entity metadata, so a new encrypted column
 * is rotated without being listed here.
 */
export function encryptedTables(metadata: MetadataStorage): EncryptedTable[] {
  const tables: EncryptedTable[] = [];
  for (const meta of metadata.getAll().values()) {
    const columns = meta.props.filter((prop) => prop.customType instanceof EncryptedText).flatMap((prop) => prop.fieldNames);
    if (!columns.length) continue;
    const keys = meta.getPrimaryProps().flatMap((prop) => prop.fieldNames);
    if (keys.length !== 1) throw new Error(`${meta.tableName}: re-encryption needs a single-column primary key`);
    tables.push({ table: meta.tableName, key: keys[0], columns });
  }
  return tables.sort((a, b) => a.table.localeCompare(b.table));
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** SQL true when the column holds a value not written with the current key (plain text included). */
function stale(column: string): string {
  return `(${quote(column)} is not null and left(${quote(column)}, ?) <> ?)`;
}

/**
 * Rewrites every value of `target` not under the current key (set by usePhiKeys) with the current
 * key, `batchSize` rows per transaction, the rows locked while they are rewritten so a concurrent
 * edit waits instead of being overwritten. Values already under the current key are left as they
 * are, so running it again changes nothing. A value under a key that is not configured stops it
 * with an error; the batches before it stay committed.
 */
export async function reencryptTable(em: EntityManager, target: EncryptedTable, batchSize: number): Promise<TableReencryption> {
  const prefix = currentKeyPrefix();
  const staleParams = target.columns.flatMap(() => [prefix.length, prefix]);
  const result: TableReencryption = { table: target.table, rows: 0, reencrypted: 0, encrypted: 0 };
  let after: string | undefined;
  for (;;) {
    const done = await em.fork().transactional(async (tx) => {
      const rows = await tx.execute<Record<string, string | null>[]>(
        `select ${[target.key, ...target.columns].map(quote).join(', ')} from ${quote(target.table)}
          where ${after === undefined ? '' : `${quote(target.key)} > ? and `}(${target.columns.map(stale).join(' or ')})
          order by ${quote(target.key)} limit ? for update`,
        [...(after === undefined ? [] : [after]), ...staleParams, batchSize],
      );
      for (const row of rows) {
        const changed = target.columns.filter((column) => {
          const value = row[column];
          return typeof value === 'string' && (!isEncrypted(value) || needsReencryption(value));
        });
        if (!changed.length) continue;
        for (const column of changed) {
          if (isEncrypted(row[column]!)) result.reencrypted += 1;
          else result.encrypted += 1;
        }
        await tx.execute(
          `update ${quote(target.table)} set ${changed.map((column) => `${quote(column)} = ?`).join(', ')} where ${quote(target.key)} = ?`,
          [...changed.map((column) => encryptPhi(readPhi(row[column]!))), row[target.key]],
        );
        result.rows += 1;
      }
      if (rows.length) after = rows[rows.length - 1][target.key]!;
      return rows.length < batchSize;
    });
    if (done) return result;
  }
}

/** How many values of `target` are not under the current key. */
export async function countStale(em: EntityManager, target: EncryptedTable): Promise<number> {
  const prefix = currentKeyPrefix();
  const [row] = await em.fork().execute<{ n: number }[]>(
    `select (${target.columns.map((column) => `count(*) filter (where ${stale(column)})`).join(' + ')})::int as n from ${quote(target.table)}`,
    target.columns.flatMap(() => [prefix.length, prefix]),
  );
  return row.n;
}
