// Loaded like global-setup.ts: packages only.
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __carekeepTestServer?: { stop(): Promise<void> } }).__carekeepTestServer;
  if (server) {
    // Not persistent: stopping also removes the temporary data directory.
    await server.stop();
    return;
  }
  const url = process.env.CAREKEEP_TEST_SERVER_URL;
  const template = process.env.CAREKEEP_TEST_TEMPLATE_DB;
  if (!url || !template) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(template)} with (force)`);
  } finally {
    await client.end();
  }
}
