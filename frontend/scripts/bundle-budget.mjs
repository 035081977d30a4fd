// The landing and client pages must stay light for seniors on slow phones: their first-load
// JavaScript (gzipped), the English catalogue included, must not exceed BUDGET_BYTES (was 120 kB;
// the public pages route with portal/router.tsx instead of react-router, which weighs 30 kB there).
// The broker app's first load (sign-in to the dashboard) must not exceed BROKER_BUDGET_BYTES: its
// other pages, the tour and the back office load when opened. Reads a Vite build — frontend/dist,
// or the folder in argv[2] / FRONTEND_DIST — and exits 1 when either is over budget.
//
// First load = the entry script of index.html (plus modulepreload links), the lazy PublicApp
// (or BrokerApp) chunk that main.tsx loads for those pages, and every chunk they import
// statically. Other lazy chunks (the broker app's pages, the tours) are not part of it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 100 * 1024;
export const BROKER_BUDGET_BYTES = 300 * 1024;

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? process.env.FRONTEND_DIST ?? join(here, '../dist'));

function fail(message) {
  console.error(`bundle-budget: ${message}`);
  process.exit(1);
}

if (!existsSync(join(dist, 'index.html'))) fail(`no build at ${dist} (index.html missing): build the frontend first.`);
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** A URL path of the build ("/assets/x.js") as a path inside dist ("assets/x.js"). */
function distPath(url) {
  return posix.normalize(url.replace(/^\//, '').split(/[?#]/)[0]);
}

const entry = html.match(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/)?.[1];
if (!entry) fail('no module entry script in index.html');
const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

// Static imports only: `import{a}from"./x.js"`, `export{a}from"./x.js"`, `import"./x.js"`.
// `import("./x.js")` is lazy and is not followed. Only files of the build count, so an import
// statement quoted inside a string of library code is ignored.
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)(["'`])(\.{1,2}\/[^"'`]+?\.js)\1/g;

function staticImports(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const target = posix.normalize(posix.join(posix.dirname(file), match[2]));
    if (existsSync(join(dist, target))) found.push(target);
  }
  return found;
}

/** The files and all they import statically, each once. */
function closure(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen];
}

function lazyChunk(name) {
  const assets = join(dist, 'assets');
  const file = existsSync(assets) && readdirSync(assets).find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
  return file ? `assets/${file}` : undefined;
}

const size = new Map();
function sizes(file) {
  if (!size.has(file)) {
    const bytes = readFileSync(join(dist, file));
    size.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return size.get(file);
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function report(title, files) {
  const rows = files.map((file) => ({ file, ...sizes(file) }));
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
  const width = Math.max(...rows.map((row) => row.file.length), 5);
  console.log(`\n${title}`);
  console.log(`  ${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const row of rows) console.log(`  ${row.file.padEnd(width)}  ${kB(row.raw).padStart(10)}  ${kB(row.gzip).padStart(10)}`);
  console.log(`  ${'total'.padEnd(width)}  ${kB(total.raw).padStart(10)}  ${kB(total.gzip).padStart(10)}  (${total.gzip} bytes gzipped)`);
  return total.gzip;
}

const startup = [distPath(entry), ...preloads.map(distPath)];
const publicApp = lazyChunk('PublicApp');
if (!publicApp) fail('no PublicApp-<hash>.js chunk in assets/: main.tsx must load the public pages lazily as PublicApp');
const publicTotal = report('Landing and client pages, first load (JavaScript):', closure([...startup, publicApp]));

const brokerApp = lazyChunk('BrokerApp');
if (!brokerApp) fail('no BrokerApp-<hash>.js chunk in assets/: main.tsx must load the broker app lazily as BrokerApp');
const brokerTotal = report('Broker app and back office, first load (JavaScript):', closure([...startup, brokerApp]));

console.log('');
let over = false;
for (const [what, total, budget] of [
  ['the landing and client pages load', publicTotal, BUDGET_BYTES],
  ['the broker app loads', brokerTotal, BROKER_BUDGET_BYTES],
]) {
  const verdict = `${what} ${kB(total)} of ${kB(budget)} gzipped`;
  if (total > budget) {
    console.error(`OVER BUDGET: ${verdict} (${total - budget} bytes too many).`);
    over = true;
  } else {
    console.log(`Within budget: ${verdict}.`);
  }
}
if (over) process.exit(1);
