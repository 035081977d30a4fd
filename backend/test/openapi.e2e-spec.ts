import { readFile } from 'node:fs/promises';

import { generateOpenApi, OPENAPI_FILE } from '../src/openapi/write-openapi.js';

describe('openapi.json', () => {
  it('is committed and matches what the code generates (run `npm run openapi` after API changes)', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8');
    const generated = await generateOpenApi();
    expect(JSON.parse(committed)).toEqual(JSON.parse(generated));
    expect(committed).toBe(generated);
  });
});
