// Jest for the backend, one project or both: `node scripts/jest.mjs [unit|e2e] [jest options] [file ...]`
// (the backend's `npm run test:unit` / `test:e2e` / `test`). A file named on the command line runs
// alone, e.g. `npm run test:e2e -- test/profile.e2e-spec.ts`: the project is selected after the
// caller's arguments, so Jest does not read a file path as a project name.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { ROOT } from './build.mjs';

const [first, ...rest] = process.argv.slice(2);
const project = first === 'unit' || first === 'e2e' ? first : undefined;
const args = project ? rest : process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    join(ROOT, 'node_modules/jest/bin/jest.js'),
    '--config',
    'jest.config.js',
    ...args,
    ...(project ? ['--selectProjects', project] : []),
  ],
  { cwd: join(ROOT, 'backend'), stdio: 'inherit' },
);
process.exit(result.status ?? 1);
