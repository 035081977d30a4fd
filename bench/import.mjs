// `npm run bench:import`: imports N clients (default 100,000) from a CSV through HTTP into the built
// server (the upload, then the background job until it has ended), and COPYs the same rows into a
// table with the same indexes: rows/s of each and their ratio, plus the server's memory before and at
// its peak during the import.
import { createWriteStream, openAsBlob } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { ROOT, rssMb, scratchDatabase, signIn, startServer, withClient } from './lib.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

async function writeCsv(file, rows) {
  const out = createWriteStream(file);
  out.write('firstName,lastName,email,phone\n');
  for (let i = 0; i < rows; i++) {
    const line = `Client${i},Bench${i % 997},client${i}@example.com,+1212${String(2000000 + i).padStart(7, '0')}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const dir = await mkdtemp(join(tmpdir(), 'carekeep-bench-import-'));
// COPY reads the file on the database server's side (same machine), as the server's own OS user.
await chmod(dir, 0o755);
const csv = join(dir, 'clients.csv');
await writeCsv(csv, ROWS);
const database = await scratchDatabase();
let server;
try {
  server = await startServer(database.url);
  const session = await signIn(server.appUrl, 'bench.importer@agency.test');
  await withClient(database.url, (c) => c.query(`update users set subscription_tier = 'pmpm' where id = $1`, [session.user.id]));

  const form = new FormData();
  form.set('file', await openAsBlob(csv, { type: 'text/csv' }), 'clients.csv');
  const rssBefore = await rssMb(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(async () => {
    rssPeak = Math.max(rssPeak, await rssMb(server.pid));
  }, 50);
  const started = performance.now();
  const response = await session.request('/api/clients/upload', { method: 'POST', body: form });
  const accepted = await response.json();
  if (response.status !== 202) throw new Error(`upload failed: ${response.status} ${JSON.stringify(accepted).slice(0, 300)}`);
  // The import runs in the background: timed from the upload to the job's end, polled four times as often as the dialog does.
  // Progress as the dialog shows it (its state, the rows in the file, the rows imported): how often
  // it moved, and the longest time it stood still.
  let result;
  let lastShown = '';
  let lastMove = performance.now();
  let progressUpdates = 0;
  let longestStillMs = 0;
  for (;;) {
    result = await (await session.request(`/api/import-jobs/${accepted.jobId}`)).json();
    const now = performance.now();
    const shown = `${result.status} ${result.rowsTotal} ${result.count}`;
    if (shown !== lastShown) {
      if (lastShown) progressUpdates += 1;
      longestStillMs = Math.max(longestStillMs, now - lastMove);
      lastShown = shown;
      lastMove = now;
    }
    if (result.status === 'completed' || result.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const importMs = performance.now() - started;
  clearInterval(sampler);
  if (result.status !== 'completed' || result.count !== ROWS) throw new Error(`import failed: ${JSON.stringify(result).slice(0, 300)}`);

  const copyMs = await withClient(database.url, async (c) => {
    await c.query(`create table bench_copy (like clients including defaults including indexes)`);
    await c.query(
      `alter table bench_copy alter column id set default gen_random_uuid(), alter column broker_id set default '${session.user.id}'`,
    );
    // The import's writes are flushed first, so the floor does not pay for them.
    await c.query('checkpoint');
    const t0 = performance.now();
    await c.query(`copy bench_copy (first_name, last_name, email, phone) from '${csv}' with (format csv, header true)`);
    return performance.now() - t0;
  });

  const importRate = ROWS / (importMs / 1000);
  const copyRate = ROWS / (copyMs / 1000);
  const figures = {
    case: 'csv-import',
    rows: ROWS,
    importSeconds: +(importMs / 1000).toFixed(2),
    importRowsPerSecond: Math.round(importRate),
    copySeconds: +(copyMs / 1000).toFixed(2),
    copyRowsPerSecond: Math.round(copyRate),
    ratioToCopy: +(importRate / copyRate).toFixed(3),
    serverRssBeforeMb: Math.round(rssBefore),
    serverRssPeakMb: Math.round(rssPeak),
    serverRssGrowthMb: Math.round(rssPeak - rssBefore),
    progressUpdates,
    longestProgressStillSeconds: +(longestStillMs / 1000).toFixed(1),
    // The same figures under the names the combined `npm run bench` report reads.
    seconds: +(importMs / 1000).toFixed(2),
    rowsPerSecond: Math.round(importRate),
    ratio: +(importRate / copyRate).toFixed(3),
    peakRssGrowthMb: Math.round(rssPeak - rssBefore),
  };
  console.log('\nCSV import through HTTP vs COPY of the same rows (same table and indexes)');
  console.table({
    'import (HTTP)': { rows: ROWS, seconds: figures.importSeconds, 'rows/s': figures.importRowsPerSecond },
    'COPY (floor)': { rows: ROWS, seconds: figures.copySeconds, 'rows/s': figures.copyRowsPerSecond },
  });
  console.log(`ratio (import rows/s ÷ COPY rows/s): ${figures.ratioToCopy}`);
  console.log(
    `server memory: ${figures.serverRssBeforeMb} MB before, ${figures.serverRssPeakMb} MB at peak (+${figures.serverRssGrowthMb} MB)`,
  );
  console.log(`progress: it moved ${progressUpdates} times, standing still at most ${figures.longestProgressStillSeconds} s`);
  console.log(JSON.stringify(figures));
  await writeFile(join(ROOT, 'bench', 'results-import.json'), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await server?.stop();
  await database.cleanup();
  await rm(dir, { recursive: true, force: true });
}
