import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { REPO_ROOT } from '../../src/config/config.js';
import { GENEROUS_RATE_LIMITS } from './rate-limits.js';

export { freePort } from '../setup/global-setup.js';

export const MAIN_JS = join(REPO_ROOT, 'backend/dist/main.js');

/**
 * What a child process needs from the test's own environment: `PATH`, and a shifted clock
 * (libfaketime's `LD_PRELOAD` and `FAKETIME*` / `DONT_FAKE_*`) when the suite runs under one, so
 * the child lives on the same day as the test that started it.
 */
export function childEnv(): Record<string, string | undefined> {
  const clock = Object.entries(process.env).filter(([name]) => /^(LD_PRELOAD|FAKETIME\w*|DONT_FAKE_\w+)$/.test(name));
  return { PATH: process.env.PATH, ...Object.fromEntries(clock) };
}

/** The built server (`npm run build`) as its own process, the way `npm start` runs it. */
export class AppProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(env: Record<string, string | undefined>) {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` (npm test does) first`);
    this.child = spawn(process.execPath, [MAIN_JS], {
      env: {
        ...childEnv(),
        ENV_FILE: 'none',
        PHI_ENCRYPTION_KEY: 'dGVzdC1waGkta2V5LTAxMjM0NTY3ODlhYmNkZWZnaGk=',
        ...GENEROUS_RATE_LIMITS,
        ...env,
      },
      stdio: 'pipe',
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Resolves once GET {url}/api/health answers 200; fails if the process exits first. */
  async waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`exited with ${this.child.exitCode}: ${this.stderr}${this.stdout}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`not healthy within ${timeoutMs} ms: ${this.stderr}${this.stdout}`);
  }

  /** Resolves once a JSON log line with this message has been written. */
  async waitForLog(msg: string, timeoutMs = 10_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!this.logLines().some((line) => line.msg === msg)) {
      if (performance.now() > deadline) throw new Error(`no "${msg}" log line within ${timeoutMs} ms: ${this.stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGINT') {
    this.child.kill(signal);
    return this.exited;
  }

  /** The JSON log lines written so far. */
  logLines(): Record<string, unknown>[] {
    return this.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
