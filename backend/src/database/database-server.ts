import { join } from 'node:path';

import pg from 'pg';

import type { AppConfig } from '../config/config.js';
import { clusterPassword, type EmbeddedLog, embeddedUrl, startEmbeddedPostgres } from './embedded-postgres.js';

/** Name of the application's database inside the embedded server. */
export const EMBEDDED_DATABASE = 'carekeep';

export interface DatabaseServer {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** Opens a pg client on the given URL, runs `work`, and always closes the client. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates `name` on the server behind `maintenanceUrl` unless it exists. */
export async function ensureDatabase(maintenanceUrl: string, name: string, template?: string): Promise<void> {
  await withPgClient(maintenanceUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
      await client.query(`create database ${client.escapeIdentifier(name)}${from}`);
    }
  });
}

/** The same server URL with another database name. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The database the app uses: the server named by DATABASE_URL, or else an embedded PostgreSQL
 * server with its data under DATA_DIR/pg, started here and stopped by `stop()`.
 */
export async function openDatabaseServer(config: AppConfig, log?: EmbeddedLog): Promise<DatabaseServer> {
  if (config.database.url) {
    return { url: config.database.url, embedded: false, stop: async () => undefined };
  }
  const dataDir = join(config.dataDir, 'pg');
  const password = await clusterPassword(dataDir);
  // Already running for this data directory (the app is up and a CLI command runs beside it): share it.
  const running = embeddedUrl(config.database.embeddedPort, password);
  if (await canConnect(running)) {
    await ensureDatabase(running, EMBEDDED_DATABASE);
    return { url: withDatabaseName(running, EMBEDDED_DATABASE), embedded: true, stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres({ dataDir, port: config.database.embeddedPort, password, log });
  try {
    await ensureDatabase(server.url, EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: withDatabaseName(server.url, EMBEDDED_DATABASE), embedded: true, stop: () => server.stop() };
}
