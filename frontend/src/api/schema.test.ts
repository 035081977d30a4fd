import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * The frontend's request and answer types come from the API contract: `schema.d.ts` is what
 * openapi-typescript makes of openapi.json (`npm run openapi` writes both). A contract changed
 * without it fails here.
 */
describe('the types generated from openapi.json', () => {
  it('are up to date (run `npm run openapi`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carekeep-schema-'));
    try {
      const cli = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      execFileSync(
        process.execPath,
        [cli, join(ROOT, 'openapi.json'), '--output', join(dir, 'schema.d.ts'), '--default-non-nullable', 'false'],
        { stdio: 'pipe' },
      );
      expect(readFileSync(join(import.meta.dirname, 'schema.d.ts'), 'utf8')).toBe(readFileSync(join(dir, 'schema.d.ts'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
