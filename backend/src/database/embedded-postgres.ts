import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import pg from 'pg';

import { PostgresProcess, spawnPostgres } from './embedded-postgres-process.js';
import { type EmbeddedLog, EmbeddedPostgresError, type PostgresRuntime, postgresRuntime } from './embedded-postgres-runtime.js';

export { type EmbeddedLog, EmbeddedPostgresError } from './embedded-postgres-runtime.js';

export interface EmbeddedServer {
  /** Connection URL of the server's `postgres` maintenance database. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  port: number;
  /** The superuser's password (clusterPassword); unset: a random one, for a throwaway cluster. */
  password?: string;
  /** Receives the server's own log lines (debug) and its restarts. */
  log?: EmbeddedLog;
}

const USER = 'postgres';
/** The superuser password of clusters made before it was generated per cluster. */
const LEGACY_PASSWORD = 'postgres';
const SILENT: EmbeddedLog = { debug: () => undefined, info: () => undefined, warn: () => undefined };

/** The maintenance-database URL of the embedded server on `port`. */
export function embeddedUrl(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Beside the cluster (DATA_DIR/pg-password), so a cluster and its password go together. */
export function passwordFile(clusterDir: string): string {
  return join(dirname(clusterDir), 'pg-password');
}

/**
 * The superuser password of the cluster in `clusterDir`: generated on first use into a file only
 * its owner may read, like the session secret, and read from there afterwards.
 */
export async function clusterPassword(clusterDir: string): Promise<string> {
  const file = passwordFile(clusterDir);
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true });
  // Written in full under another name, then linked into place: a second process starting at the
  // same moment reads the first one's password, never half of it.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return (await readFile(file, 'utf8')).trim();
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package's binaries, watched and
 * restarted if it dies (PostgresProcess). As root it runs as the `postgres` system user
 * (embedded-postgres-runtime.ts).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.log ?? SILENT;
  const password = options.password ?? randomBytes(24).toString('base64url');
  const runtime = await postgresRuntime(options.dataDir, log);
  if (!existsSync(join(runtime.dataDir, 'PG_VERSION'))) await initialise(runtime, password, log);
  const server = new PostgresProcess(runtime, options.port, log);
  try {
    await server.start();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL did not start on port ${options.port} with data in ${runtime.dataDir} (${(error as Error).message}). ` +
        'Is another server using that port (set EMBEDDED_PG_PORT), or is a stale server still running on that data directory?',
    );
  }
  try {
    await adoptPassword(options.port, password, options.dataDir, log);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: embeddedUrl(options.port, password), stop: () => server.stop() };
}

/** initdb: a new cluster whose superuser `postgres` signs in with `password` (scram-sha-256). */
async function initialise(runtime: PostgresRuntime, password: string, log: EmbeddedLog): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'carekeep-initdb-'));
  const file = join(dir, 'password');
  try {
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    if (runtime.user) {
      await chown(dir, runtime.user.uid, runtime.user.gid);
      await chown(file, runtime.user.uid, runtime.user.gid);
    }
    const output: string[] = [];
    const args = [
      `--pgdata=${runtime.dataDir}`,
      '--auth=scram-sha-256',
      `--username=${USER}`,
      `--pwfile=${file}`,
      '--lc-messages=C',
      '--encoding=UTF8',
    ];
    const child = spawnPostgres(runtime, 'initdb', args, (line) => {
      output.push(line);
      log.debug({ postgres: line }, 'initdb');
    });
    const result = await new Promise<number | string | null>((resolve) => {
      child.once('error', (error) => resolve(error.message));
      child.once('close', (code, signal) => resolve(code ?? signal));
    });
    if (result !== 0) {
      const reason = output.find((line) => /error|denied/i.test(line)) ?? output.at(-1) ?? result;
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL's new cluster in ${runtime.dataDir} could not be created (initdb: ${reason})`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the server on `port` accepts the superuser with `password` (a wrong password answers 28P01). */
async function accepts(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, password) });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Clusters made by earlier versions have the fixed password 'postgres': on their first start with
 * a generated password, the superuser's password is changed to it.
 */
async function adoptPassword(port: number, password: string, clusterDir: string, log: EmbeddedLog): Promise<void> {
  if (await accepts(port, password)) return;
  if (password === LEGACY_PASSWORD || !(await accepts(port, LEGACY_PASSWORD))) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL with data in ${clusterDir} does not accept the password in ${passwordFile(clusterDir)}: ` +
        'put back the file that came with this data, or move the data away to start with a new, empty database',
    );
  }
  const client = new pg.Client({ connectionString: embeddedUrl(port, LEGACY_PASSWORD) });
  await client.connect();
  try {
    await client.query(`alter role ${client.escapeIdentifier(USER)} password ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  log.info(
    { passwordFile: passwordFile(clusterDir) },
    "Embedded PostgreSQL: the superuser's fixed password of earlier versions is replaced by a generated one",
  );
}
