// `npm run bench -- --only=statement` (or `node bench/statement.mjs`): a carrier's commission statement
// of N rows (default 10,000) through HTTP into the built server — the upload, the mapping, and the
// background job until it has ended, its rows matched against the agency's N policies — and COPY of
// the same file into a table like the statement rows' with the same indexes: rows/s of each and their ratio.
import { createWriteStream, openAsBlob } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { ROOT, scratchDatabase, signIn, startServer, withClient } from './lib.mjs';

const ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 10_000);
const PLANS = 20;
const plan = (i) => `H1000-${String(i % PLANS).padStart(3, '0')}`;
const FIRST = ['Rosa', 'John', 'Mary', 'Luis', 'Ana', 'Paul', 'Jane', 'Omar', 'Lucia', 'Grace'];
/** A last name of letters only (names are compared on their letters): Benchab, Benchac, … */
const lastName = (i) => {
  let letters = '';
  for (let n = i; letters.length < 3 || n > 0; n = Math.floor(n / 26)) letters = String.fromCharCode(97 + (n % 26)) + letters;
  return `Bench${letters}`;
};

/** The statement: most rows by the carrier's member ID, then by name, by an initial, and some nobody's. */
async function writeStatement(file, rows) {
  const out = createWriteStream(file);
  out.write('Member ID,Member Name,Plan ID,Paid Amount,Period\n');
  for (let i = 0; i < rows; i++) {
    const first = FIRST[i % FIRST.length];
    const last = lastName(i);
    const kind = i % 20;
    const line =
      kind < 12
        ? `M${i},"${last.toUpperCase()}, ${first.toUpperCase()}",${plan(i)},$25.50,2026-02\n`
        : kind < 18
          ? `,${first} ${last},${plan(i)},25.50,Feb 2026\n`
          : kind < 19
            ? `,"${last}, ${first[0]}",${plan(i)},(25.50),02/2026\n`
            : `,Nobody ${i},${plan(i)},"$1,025.50",2026-02\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const dir = await mkdtemp(join(tmpdir(), 'carekeep-bench-statement-'));
// COPY reads the file on the database server's side (same machine), as the server's own OS user.
await chmod(dir, 0o755);
const csv = join(dir, 'statement.csv');
await writeStatement(csv, ROWS);
const database = await scratchDatabase();
let server;
try {
  server = await startServer(database.url);
  const session = await signIn(server.appUrl, 'bench.commissions@agency.test');
  const agencyId = session.user.id;
  // The agency's book: a client and a policy for each row (the member IDs on the first twelve of twenty).
  await withClient(database.url, async (c) => {
    const numbers = Array.from({ length: ROWS }, (_, i) => i);
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone)
       select gen_random_uuid(), $1, first, last, '+1212' || lpad((2000000 + n)::text, 7, '0')
         from unnest($2::text[], $3::text[], $4::int[]) as x(first, last, n)`,
      [agencyId, numbers.map((i) => FIRST[i % FIRST.length]), numbers.map(lastName), numbers],
    );
    await c.query(
      `insert into policies (id, broker_id, client_id, carrier, plan_name, plan_id, plan_type, status, effective_date, carrier_member_id)
       select gen_random_uuid(), $1, c.id, 'Bench Health', 'Bench Advantage', 'H1000-' || lpad((x.n % $4::int)::text, 3, '0') || '-000',
              'mapd', 'active', '2026-01-01', case when x.n % 20 < 12 then 'M' || x.n end
         from unnest($2::text[], $3::int[]) as x(last, n) join clients c on c.broker_id = $1 and c.last_name = x.last`,
      [agencyId, numbers.map(lastName), numbers, PLANS],
    );
    await c.query('analyze clients; analyze policies');
  });
  await session.request('/api/commissions/schedules', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ carrier: 'Bench Health', initialAnnualCents: 61_200, renewalAnnualCents: 30_600 }),
  });

  const form = new FormData();
  form.set('carrier', 'Bench Health');
  form.set('file', await openAsBlob(csv, { type: 'text/csv' }), 'statement.csv');
  const started = performance.now();
  const uploaded = await session.request('/api/commissions/statements', { method: 'POST', body: form });
  const statement = await uploaded.json();
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(statement).slice(0, 300)}`);
  const uploadMs = performance.now() - started;
  // The mapping as offered (guessed from the header), sent back as the broker confirms it.
  const imported = await session.request(`/api/commissions/statements/${statement.id}/import`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mapping: statement.mapping }),
  });
  if (imported.status !== 202) throw new Error(`import failed: ${imported.status} ${(await imported.text()).slice(0, 300)}`);
  let result;
  let progressUpdates = 0;
  let lastDone = -1;
  for (;;) {
    result = await (await session.request(`/api/commissions/statements/${statement.id}`)).json();
    if (result.rowsDone !== lastDone) [progressUpdates, lastDone] = [progressUpdates + 1, result.rowsDone];
    if (result.status === 'completed' || result.status === 'failed') break;
    // As often as a person watching would see a change (the app itself asks every 500 ms), not so often that the asking slows the job.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const importMs = performance.now() - started;
  if (result.status !== 'completed' || result.rowsTotal !== ROWS) throw new Error(`import failed: ${JSON.stringify(result).slice(0, 300)}`);

  const copyMs = await withClient(database.url, async (c) => {
    await c.query(`create table bench_copy (like commission_statement_rows including defaults including indexes)`);
    await c.query(
      `alter table bench_copy alter column statement_id set default '${statement.id}', alter column broker_id set default '${agencyId}',
         alter column line set default 0, alter column amount_cents type text, alter column period type text`,
    );
    await c.query('checkpoint');
    const t0 = performance.now();
    await c.query(`copy bench_copy (member_id, member_name, plan_key, amount_cents, period) from '${csv}' with (format csv, header true)`);
    return performance.now() - t0;
  });

  const importRate = ROWS / (importMs / 1000);
  const copyRate = ROWS / (copyMs / 1000);
  const figures = {
    case: 'commission-statement',
    rows: ROWS,
    policies: ROWS,
    uploadSeconds: +(uploadMs / 1000).toFixed(3),
    importSeconds: +(importMs / 1000).toFixed(3),
    importRowsPerSecond: Math.round(importRate),
    copySeconds: +(copyMs / 1000).toFixed(3),
    copyRowsPerSecond: Math.round(copyRate),
    ratioToCopy: +(importRate / copyRate).toFixed(3),
    matchedExact: result.matchedExact,
    matchedFuzzy: result.matchedFuzzy,
    unmatched: result.unmatched,
    progressUpdates,
  };
  console.log('\nCommission statement through HTTP (upload, mapping, job, matching) vs COPY of the same rows');
  console.table({
    'statement (HTTP)': { rows: ROWS, seconds: figures.importSeconds, 'rows/s': figures.importRowsPerSecond },
    'COPY (floor)': { rows: ROWS, seconds: figures.copySeconds, 'rows/s': figures.copyRowsPerSecond },
  });
  console.log(`ratio (statement rows/s ÷ COPY rows/s): ${figures.ratioToCopy}`);
  console.log(`matched: ${result.matchedExact} exact, ${result.matchedFuzzy} fuzzy, ${result.unmatched} unmatched`);
  console.log(JSON.stringify(figures));
  await writeFile(join(ROOT, 'bench', 'results-statement.json'), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await server?.stop();
  await database.cleanup();
  await rm(dir, { recursive: true, force: true });
}
