// `npm run dev`: the backend rebuilt and restarted on change, and Vite's dev server (with /api
// proxied to the backend) for the frontend. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { ROOT, buildIfStale } from './build.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-runtime.mjs';

buildIfStale();
const children = [
  // The backend's own TypeScript compiler (the one its build uses), in watch mode.
  spawn('npm', ['run', 'build', '-w', 'backend', '--', '--watch', '--preserveWatchOutput'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--watch-path=backend/dist', '--watch-preserve-output', 'backend/dist/main.js'], {
    cwd: ROOT,
    env: { ...SERVER_ENV, ...process.env },
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
