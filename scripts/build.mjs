// Builds the frontend and the backend when their sources are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const TARGETS = [
  {
    name: 'frontend',
    stamp: 'frontend/dist/.build-stamp',
    inputs: ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'frontend/package.json'],
  },
  {
    name: 'backend',
    stamp: 'backend/dist/.build-stamp',
    inputs: ['backend/src', 'backend/tsconfig.build.json', 'backend/package.json', 'tsconfig.json'],
  },
];
const SHARED_INPUTS = ['package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

export function isStale(target) {
  const stamp = join(ROOT, target.stamp);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return [...target.inputs, ...SHARED_INPUTS].some((input) => newestMtime(join(ROOT, input)) > built);
}

/** Builds each stale part with npm (so the project's pinned Node is used); `force` rebuilds all. */
export function buildIfStale({ force = false } = {}) {
  for (const target of TARGETS) {
    if (!force && !isStale(target)) continue;
    console.log(`Building the ${target.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.name], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`The ${target.name} build failed.`);
      process.exit(result.status ?? 1);
    }
    writeFileSync(join(ROOT, target.stamp), `${new Date().toISOString()}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale({ force: process.argv.includes('--force') });
}
