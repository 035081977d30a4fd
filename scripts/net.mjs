// Small helpers shared by the browser-test runner and the benchmarks (plain JS, no build needed).
import { createServer } from 'node:net';
import pg from 'pg';

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Opens a pg client on `url`, runs `work`, always closes it. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
