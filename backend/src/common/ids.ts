import { randomFillSync } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a row id at all; anything else is simply "not found", never a database error. */
export function isUuid(id: string | null | undefined): id is string {
  return typeof id === 'string' && UUID.test(id);
}

const RANDOM_POOL = 16 * 256;
const pool = Buffer.alloc(RANDOM_POOL);
let poolOffset = RANDOM_POOL;

/**
 * A new row id that sorts by the millisecond it was made (a version 7 uuid, RFC 9562: the time in
 * its first 48 bits, 74 random bits after it). Rows added one after another then extend their
 * indexes at the end instead of landing on a random page of them, which keeps a large import's
 * index writes in memory (docs/performance.md).
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  if (poolOffset === RANDOM_POOL) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
