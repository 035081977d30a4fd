// Where the hot read's time goes: `npm run bench:profile` seeds the quick size (a broker with 10,000
// clients), starts the built server and the floor (bench/floor-server.mjs) with the inspector on a
// loopback port, and for each in turn samples its CPU through the inspector protocol while
// autocannon sends `GET /api/clients` (a page of 25 by last name) at 50 connections for 10 s. It
// prints, per request, the CPU time of each part of each process (self time: the functions of a
// package, of a folder of the backend, of Node's internals, V8's garbage collector) and writes
// `bench/results-profile.json`. Figures are CPU milliseconds per request, not latency.
// BENCH_PROFILE_FUNCTIONS=1 adds the functions with the most self time, BENCH_PROFILE_HEAP=1 what
// each request allocates by function, BENCH_PROFILE_SURVIVORS=1 what of that outlives a scavenge.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HOT_READ_PATHS, answer, startFloor } from './hot-read.mjs';
import { ROOT, cannon, cookieHeader, freePort, scratchDatabase, seedRealistic, signIn, startServer } from './lib.mjs';

const SESSION_SECRET = 'benchmark-session-key-0123456789abcdefghij';
const POOL_MAX = 10;
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const CONNECTIONS = 50;

/** A CDP session on a process's inspector (Node's own WebSocket client). */
async function inspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    }
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** The part of the program a sampled function belongs to. */
function partOf({ url, functionName }) {
  if (!url) {
    if (functionName === '(garbage collector)') return 'V8: garbage collector';
    if (functionName === '(program)') return 'V8: compiled code and runtime (program)';
    if (functionName === '(idle)') return '(idle)';
    return 'V8 built-ins and native functions';
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (modules) return modules[1];
  const internal = /^node:(?:internal\/)?([^/]+)/.exec(url);
  if (internal) return `node: ${internal[1].replace(/\.js$/, '').replace(/^(_http_\w+|http)$/, 'http')}`;
  const app = /backend\/dist\/([^/]+)(?:\/|$)/.exec(url);
  if (app) return `backend: ${app[1].replace(/\.js$/, '')}`;
  if (url.includes('floor-server')) return 'floor-server.mjs';
  return url.replace(/^file:\/\//, '');
}

/** A sampled function as `name file:line`, the file from its package or the backend's dist folder on. */
function functionOf({ url, functionName, lineNumber }) {
  const where = url ? `${url.replace(/^.*\/(node_modules|dist)\//, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

/** Self time per part, in CPU ms per request, from a V8 CPU profile. */
function perRequest(profile, requests) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const functions = new Map();
  profile.samples.forEach((nodeId, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const frame = byId.get(nodeId).callFrame;
    const part = partOf(frame);
    self.set(part, (self.get(part) ?? 0) + micros);
    if (part === '(idle)') return;
    const name = functionOf(frame);
    functions.set(name, (functions.get(name) ?? 0) + micros);
  });
  self.delete('(idle)');
  const perMs = (entries) =>
    [...entries]
      .map(([name, micros]) => ({ name, msPerRequest: micros / 1000 / requests }))
      .sort((a, b) => b.msPerRequest - a.msPerRequest);
  const rows = perMs(self).map(({ name, msPerRequest }) => ({ part: name, msPerRequest }));
  return { total: rows.reduce((sum, row) => sum + row.msPerRequest, 0), rows, functions: perMs(functions).slice(0, 40) };
}

/**
 * Bytes allocated per request by function (V8's sampling heap profiler, every 16 kB on average).
 * With `survivors` (sampled every 4 kB), only what no scavenge freed: objects a full collection
 * freed later, or still alive when sampling stopped.
 */
async function allocatedUnderLoad(session, url, cookie, { survivors = false } = {}) {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: survivors ? 4096 : 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !survivors,
  });
  const load = await cannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { cookie } });
  const { profile } = await session.send('HeapProfiler.stopSampling');
  const bytes = new Map();
  const walk = (node) => {
    const name = functionOf(node.callFrame);
    bytes.set(name, (bytes.get(name) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  const rows = [...bytes]
    .map(([name, size]) => ({ name, bytesPerRequest: size / load.requests }))
    .sort((a, b) => b.bytesPerRequest - a.bytesPerRequest);
  return { perRequest: rows.reduce((sum, row) => sum + row.bytesPerRequest, 0), rows: rows.slice(0, 30) };
}

/** Samples `port`'s process while autocannon loads `url`. */
async function profileUnderLoad(port, url, cookie) {
  const session = await inspector(port);
  try {
    await cannon(url, { connections: CONNECTIONS, seconds: 2, headers: { cookie } });
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await session.send('Profiler.start');
    const load = await cannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { cookie } });
    const { profile } = await session.send('Profiler.stop');
    // BENCH_PROFILE_HEAP=1: then what the requests allocate, collected or not, by function.
    const allocations = process.env.BENCH_PROFILE_HEAP ? await allocatedUnderLoad(session, url, cookie) : undefined;
    // BENCH_PROFILE_SURVIVORS=1: and what of it outlives a scavenge, by function.
    const survivors = process.env.BENCH_PROFILE_SURVIVORS ? await allocatedUnderLoad(session, url, cookie, { survivors: true }) : undefined;
    return { load, ...perRequest(profile, load.requests), allocations, survivors };
  } finally {
    session.close();
  }
}

const database = await scratchDatabase();
let server;
let floor;
try {
  const appInspector = await freePort();
  server = await startServer(database.url, {
    DATABASE_POOL_MAX: String(POOL_MAX),
    SESSION_SECRET,
    NODE_OPTIONS: `${process.env.BENCH_SERVER_NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${appInspector}`.trim(),
  });
  const broker = await signIn(server.appUrl, 'bench.hot@agency.test');
  console.log('Seeding the quick size (100 brokers, 20,000 clients, 10,000 for the hot broker)…');
  await seedRealistic(database.url, {
    brokers: 100,
    clients: 20_000,
    deliveries: 100_000,
    hotBrokerId: broker.user.id,
    hotClients: 10_000,
  });
  const floorInspector = await freePort();
  floor = await startFloor({ databaseUrl: database.url, sessionSecret: SESSION_SECRET, poolMax: POOL_MAX, inspectPort: floorInspector });
  const path = HOT_READ_PATHS['clients page'];
  const [mine, theirs] = [await answer(server.appUrl, path, cookieHeader(broker)), await answer(floor.url, path, cookieHeader(broker))];
  if (mine.body !== theirs.body || mine.range !== theirs.range)
    throw new Error(`the floor answers differently:\n${theirs.body.slice(0, 400)}\n${mine.body.slice(0, 400)}`);
  const app = await profileUnderLoad(appInspector, server.appUrl + path, cookieHeader(broker));
  const bare = await profileUnderLoad(floorInspector, floor.url + path, cookieHeader(broker));

  const show = (name, result) => {
    console.log(
      `\n${name}: ${result.load.requestsPerSecond} req/s, ${result.load.requests} requests, ${result.total.toFixed(3)} CPU ms per request`,
    );
    for (const row of result.rows.filter((r) => r.msPerRequest >= 0.005))
      console.log(`  ${row.msPerRequest.toFixed(3).padStart(7)}  ${row.part}`);
    // BENCH_PROFILE_FUNCTIONS=1: the functions with the most self time as well.
    if (process.env.BENCH_PROFILE_FUNCTIONS) {
      console.log('  Functions:');
      for (const row of result.functions) console.log(`  ${row.msPerRequest.toFixed(3).padStart(7)}  ${row.name}`);
    }
    for (const [title, bytes, digits] of [
      ['Allocated', result.allocations, 1],
      ['Outlived a scavenge', result.survivors, 2],
    ]) {
      if (!bytes) continue;
      console.log(`  ${title}: ${(bytes.perRequest / 1024).toFixed(digits)} kB per request, by function:`);
      for (const row of bytes.rows) console.log(`  ${(row.bytesPerRequest / 1024).toFixed(digits).padStart(7)} kB  ${row.name}`);
    }
  };
  show('Application', app);
  show('Floor', bare);
  await writeFile(
    join(ROOT, 'bench/results-profile.json'),
    `${JSON.stringify({ path, connections: CONNECTIONS, seconds: SECONDS, app, floor: bare }, null, 2)}\n`,
  );
} finally {
  await floor?.stop();
  await server?.stop();
  await database.cleanup();
}
