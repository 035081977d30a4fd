import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

import type { EmbeddedLog, PostgresRuntime } from './embedded-postgres-runtime.js';

/**
 * The server's environment: the locale (initdb takes the cluster's from it), the path, and a shifted
 * clock the app runs on (libfaketime's `LD_PRELOAD`, `FAKETIME…`, `DONT_FAKE_…`), so that the app and
 * its database keep the same day; not the app's secrets, which another user (as root, `postgres`)
 * could read in /proc.
 */
function serverEnv(): NodeJS.ProcessEnv {
  const kept = /^(PATH|LANG|LANGUAGE|LC_\w+|TZ|TMPDIR|LD_PRELOAD|FAKETIME\w*|DONT_FAKE_\w+)$/;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => kept.test(name)));
  // Readiness is read from the log, in English.
  return { ...env, LC_MESSAGES: 'C' };
}

/** Runs one of the server's programs as the runtime's user; its output goes to `onLine`. */
export function spawnPostgres(
  runtime: PostgresRuntime,
  program: string,
  args: string[],
  onLine: (line: string) => void,
  detached = false,
): ChildProcess {
  const child = spawn(join(runtime.binDir, program), args, {
    uid: runtime.user?.uid,
    gid: runtime.user?.gid,
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv(),
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line.trim());
    });
  }
  return child;
}

const READY = 'database system is ready to accept connections';
/** Waits between restarts after an unexpected exit, the last one repeated. */
const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];
/** A server that ran this long before it died starts the waits over. */
const STABLE_MS = 60_000;
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * The embedded server's postmaster, watched: when it exits without being asked to (killed, crashed,
 * stopped by someone else) it is started again, with growing waits, so the app recovers from it
 * the way it recovers from any database outage.
 */
export class PostgresProcess {
  private child?: ChildProcess;
  private stopping = false;
  private restartTimer?: NodeJS.Timeout;
  private restarts = 0;

  constructor(
    private readonly runtime: PostgresRuntime,
    private readonly port: number,
    private readonly log: EmbeddedLog,
  ) {}

  /** Starts the server; resolves once it accepts connections, fails with PostgreSQL's reason if it exits first. */
  start(): Promise<void> {
    const startedAt = Date.now();
    const output: string[] = [];
    let ready = false;
    return new Promise<void>((resolve, reject) => {
      const child = spawnPostgres(
        this.runtime,
        'postgres',
        ['-D', this.runtime.dataDir, '-p', String(this.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
        (line) => {
          this.log.debug({ postgres: line }, 'PostgreSQL');
          output.push(line);
          if (!ready && line.includes(READY)) {
            ready = true;
            resolve();
          }
        },
        // Its own process group: a Ctrl-C in the terminal reaches the app only, which stops the
        // server last, after its requests and pools are done with it.
        true,
      );
      this.child = child;
      child.once('error', (error) => {
        if (this.child === child) this.child = undefined;
        reject(error);
      });
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        if (ready && !this.stopping) {
          if (Date.now() - startedAt >= STABLE_MS) this.restarts = 0;
          this.restartLater('Embedded PostgreSQL exited unexpectedly; restarting it', { code, signal });
        }
      });
      // Not before 'close': its last words may still be in the pipe at 'exit'.
      child.once('close', (code, signal) => {
        if (ready) return;
        const reason = output.find((line) => /FATAL|PANIC/.test(line)) ?? output.at(-1) ?? `exit ${code ?? signal}`;
        reject(new Error(reason.replace(/^.*?(FATAL|PANIC):\s*/, '')));
      });
    });
  }

  private restartLater(message: string, fields: Record<string, unknown>): void {
    const delayMs = RESTART_DELAYS_MS[Math.min(this.restarts, RESTART_DELAYS_MS.length - 1)];
    this.restarts += 1;
    this.log.warn({ ...fields, restartInMs: delayMs }, message);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.start().then(
        () => this.log.info({ restarts: this.restarts }, 'Embedded PostgreSQL restarted'),
        (error: Error) => {
          if (!this.stopping) this.restartLater('Embedded PostgreSQL did not restart; trying again', { reason: error.message });
        },
      );
    }, delayMs);
  }

  /**
   * Fast shutdown (SIGINT): open sessions are ended and the data is checkpointed. If it has not
   * stopped within the grace period, SIGQUIT ends it immediately (crash-safe, recovered on next start).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGQUIT'), SHUTDOWN_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}
