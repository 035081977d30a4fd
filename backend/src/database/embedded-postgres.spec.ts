import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { clusterPassword, embeddedUrl } from './embedded-postgres.js';

describe('clusterPassword', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'carekeep-pg-password-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is generated once into DATA_DIR/pg-password, which only its owner may read, and read from there afterwards', async () => {
    const first = await clusterPassword(join(dataDir, 'pg'));
    expect(first).toMatch(/^[\w-]{32}$/);
    expect((await readFile(join(dataDir, 'pg-password'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dataDir, 'pg-password'))).mode & 0o777).toBe(0o600);
    expect(await clusterPassword(join(dataDir, 'pg'))).toBe(first);
  });

  it('is the same for processes that start together', async () => {
    const passwords = await Promise.all(Array.from({ length: 8 }, () => clusterPassword(join(dataDir, 'pg'))));
    expect(new Set(passwords).size).toBe(1);
  });

  it('differs between clusters', async () => {
    expect(await clusterPassword(join(dataDir, 'a', 'pg'))).not.toBe(await clusterPassword(join(dataDir, 'b', 'pg')));
  });
});

describe('embeddedUrl', () => {
  it('carries the password URL-encoded', () => {
    expect(new URL(embeddedUrl(54329, 'a/b:c@d')).password).toBe('a%2Fb%3Ac%40d');
    expect(decodeURIComponent(new URL(embeddedUrl(54329, 'a/b:c@d')).password)).toBe('a/b:c@d');
  });
});
