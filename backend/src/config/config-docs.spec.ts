import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './config.js';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/** Variables the configuration code reads (every read goes through a helper named in this list). */
function variablesInCode(): Set<string> {
  const source = read('backend/src/config/config.ts');
  const names = [...source.matchAll(/(?:read|oneOf|integer|boolean|url|path|cron|phiKey)\(\s*env,\s*'([A-Z0-9_]+)'/g)].map((m) => m[1]);
  names.push(...[...source.matchAll(/need\('([A-Z0-9_]+)'/g)].map((m) => m[1]));
  if (source.includes('process.env.ENV_FILE')) names.push('ENV_FILE');
  return new Set(names);
}

/** Variables in .env.example, set or commented out (`# NAME=`), outside the tests-only part. */
function variablesInEnvExample(): Set<string> {
  const [appPart] = read('.env.example').split('# --- Tests only ---');
  return new Set([...appPart.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
}

/** Variables in the first table of docs/configuration.md. */
function variablesInDocs(): Set<string> {
  const [appPart] = read('docs/configuration.md').split('Tests only');
  return new Set([...appPart.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
}

describe('configuration documentation', () => {
  it('lists in .env.example exactly the variables the server reads', () => {
    expect([...variablesInEnvExample()].sort()).toEqual([...variablesInCode()].sort());
  });

  it('explains in docs/configuration.md exactly the variables the server reads', () => {
    expect([...variablesInDocs()].sort()).toEqual([...variablesInCode()].sort());
  });
});
