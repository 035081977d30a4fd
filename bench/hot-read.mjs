// The hot-read case of `npm run bench`: GET /api/clients (a page of 25 sorted by last name, with and
// without a search term) as a broker with 10,000 clients, at 50 connections, against the floor of
// bench/floor-server.mjs on the same database. Used by bench/run.mjs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { ROOT, cannon, freePort } from './lib.mjs';

export const HOT_READ_PATHS = {
  'clients page': '/api/clients?range=[0,24]&sort=["lastName","ASC"]',
  'clients search': '/api/clients?range=[0,24]&sort=["lastName","ASC"]&filter={"q":"smi"}',
};

/** The floor server on `databaseUrl`; with `inspectPort`, its inspector listens there (bench/profile.mjs). */
export async function startFloor({ databaseUrl, sessionSecret, poolMax, inspectPort }) {
  const port = await freePort();
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const child = spawn(process.execPath, [...inspect, join(ROOT, 'bench/floor-server.mjs')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SESSION_SECRET: sessionSecret,
      DATABASE_POOL_MAX: String(poolMax),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One answer of `base` to `path`: its Content-Range and body. */
export async function answer(base, path, cookie) {
  const response = await fetch(new URL(path, base), { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${base}${path}: ${response.status} ${body.slice(0, 200)}`);
  return { range: response.headers.get('content-range'), body };
}

/** The mean of autocannon figures over rounds, with each round kept. */
function mean(runs) {
  const avg = (key) => Math.round(runs.reduce((sum, r) => sum + r[key], 0) / runs.length);
  return {
    requestsPerSecond: avg('requestsPerSecond'),
    p50Ms: avg('p50Ms'),
    p99Ms: avg('p99Ms'),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    rounds: runs,
  };
}

/**
 * Measures each path (by default the hot-read paths; `light`: then each at 10 connections too) on
 * the app and on the floor. Checks first that both answer the same
 * body and Content-Range, warms both up, then alternates app and floor for `rounds` rounds (app
 * first in even rounds, floor first in odd ones) so that neither is favoured by what the machine
 * happens to be doing; answers the means, one row per path.
 */
export async function hotRead({
  appUrl,
  databaseUrl,
  cookie,
  sessionSecret,
  poolMax = 10,
  connections = 50,
  seconds = 10,
  warmupSeconds = 2,
  rounds = 2,
  paths = HOT_READ_PATHS,
  light = true,
}) {
  const floor = await startFloor({ databaseUrl, sessionSecret, poolMax });
  const rows = [];
  try {
    for (const [name, path] of Object.entries(paths)) {
      const [app, bare] = [await answer(appUrl, path, cookie), await answer(floor.url, path, cookie)];
      if (app.range !== bare.range || app.body !== bare.body) {
        throw new Error(
          `the floor answers ${path} differently: ${bare.range} vs ${app.range}\n${bare.body.slice(0, 300)}\n${app.body.slice(0, 300)}`,
        );
      }
      const headers = { cookie };
      await cannon(appUrl + path, { connections, seconds: warmupSeconds, headers });
      await cannon(floor.url + path, { connections, seconds: warmupSeconds, headers });
      const appRuns = [];
      const floorRuns = [];
      // In the order app, floor, floor, app, …: a machine that grows faster or slower during the
      // case (other work, a virtual machine's stolen time) favours neither.
      for (let round = 0; round < rounds; round++) {
        const both = [
          [appUrl, appRuns],
          [floor.url, floorRuns],
        ];
        for (const [base, runs] of round % 2 === 0 ? both : both.reverse())
          runs.push(await cannon(base + path, { connections, seconds, headers }));
      }
      const row = { name, path, contentRange: app.range, app: mean(appRuns), floor: mean(floorRuns) };
      // The same at 10 connections: the answer time with little queueing in front of it.
      if (light)
        row.light = {
          app: await cannon(appUrl + path, { connections: 10, seconds, headers }),
          floor: await cannon(floor.url + path, { connections: 10, seconds, headers }),
        };
      rows.push(row);
    }
  } finally {
    await floor.stop();
  }
  return rows;
}
