import { createCipheriv, createDecipheriv, createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { Type } from '@mikro-orm/core';

import type { AppConfig } from '../config/config.js';

/**
 * Health data at rest: AES-256-GCM with a random 96-bit nonce per value, stored as
 * `phi1:{key id}:{nonce}:{tag}:{ciphertext}` (base64url). The key id (first 8 hex digits of the key's
 * SHA-256) says which key wrote a value, so after a rotation the old keys still read until
 * `npm run phi:reencrypt` has moved every value to the new one (phi-reencryption.ts).
 */
const PREFIX = 'phi1';

interface PhiKey {
  id: string;
  /** A KeyObject made once: a raw Buffer is checked and wrapped again by every cipher (2.5× slower). */
  key: KeyObject;
}

let current: PhiKey | undefined;
const byId = new Map<string, PhiKey>();

function toKey(base64: string): PhiKey {
  const key = Buffer.from(base64, 'base64');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key: createSecretKey(key) };
}

/** Sets the key that encrypts and the keys that may decrypt. Called once at start-up. */
export function usePhiKeys(currentKey: string, oldKeys: string[] = []): void {
  byId.clear();
  for (const old of oldKeys) {
    const k = toKey(old);
    byId.set(k.id, k);
  }
  current = toKey(currentKey);
  byId.set(current.id, current);
}

/** PHI_ENCRYPTION_KEY, or outside production one generated once into DATA_DIR/phi-key. */
export async function resolvePhiKey(config: AppConfig): Promise<string> {
  if (config.phi.key) return config.phi.key;
  const file = join(config.dataDir, 'phi-key');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

function encryptingKey(): PhiKey {
  if (!current) throw new Error('No PHI encryption key: usePhiKeys() was not called');
  return current;
}

/** The id of the key that encrypts (first 8 hex digits of its SHA-256). */
export function currentPhiKeyId(): string {
  return encryptingKey().id;
}

/** How every value written with the current key begins: `phi1:{key id}:`. */
export function currentKeyPrefix(): string {
  return `${PREFIX}:${currentPhiKeyId()}:`;
}

/** A stored value was written with a key that is neither PHI_ENCRYPTION_KEY nor listed in PHI_ENCRYPTION_OLD_KEYS. */
export class MissingPhiKeyError extends Error {}

export function encryptPhi(plain: string): string {
  const key = encryptingKey();
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, key.id, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

export function isEncrypted(value: string): boolean {
  return value.startsWith(`${PREFIX}:`);
}

export function decryptPhi(stored: string): string {
  const [prefix, keyId, nonce, tag, data] = stored.split(':');
  if (prefix !== PREFIX || !keyId || !nonce || !tag || data === undefined) throw new Error('Not an encrypted value');
  const key = byId.get(keyId);
  if (!key) throw new MissingPhiKeyError(`No key ${keyId} to decrypt this value (add it to PHI_ENCRYPTION_OLD_KEYS)`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A stored value as plain text: decrypted, or as it is when it predates encryption. */
export function readPhi(stored: string): string {
  return isEncrypted(stored) ? decryptPhi(stored) : stored;
}

/** Whether a stored value was written with an old key (and should be re-encrypted). */
export function needsReencryption(stored: string): boolean {
  return isEncrypted(stored) && stored.split(':')[1] !== current?.id;
}

/** A text column encrypted at rest; entities read and write plain strings. */
export class EncryptedText extends Type<string | null | undefined, string | null | undefined> {
  override convertToDatabaseValue(value: string | null | undefined): string | null | undefined {
    return value === null || value === undefined ? value : encryptPhi(value);
  }

  override convertToJSValue(value: string | null | undefined): string | null | undefined {
    return value === null || value === undefined ? value : readPhi(value);
  }

  override getColumnType(): string {
    return 'text';
  }

  override compareAsType(): string {
    return 'string';
  }
}
