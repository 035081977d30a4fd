import { execFile } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { ROOT_STATE_DIR } from '../src/database/embedded-postgres-runtime.js';
import { AppProcess, freePort } from './helpers/app-process.js';
import { type BuiltApp, query, signIn, startBuiltApp, waitFor } from './helpers/built-app.js';

const asRoot = process.getuid?.() === 0;
const run = promisify(execFile);

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

async function password(dataDir: string): Promise<string> {
  return (await readFile(join(dataDir, 'pg-password'), 'utf8')).trim();
}

function databaseUrl(pgPort: number, secret: string): string {
  return `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${pgPort}/carekeep`;
}

async function health(url: string): Promise<number> {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status,
    () => 0,
  );
}

async function addClient(url: string, cookie: string, lastName: string, phone: string): Promise<number> {
  const res = await fetch(`${url}/api/clients`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Kept', lastName, phone }),
  });
  return res.status;
}

/** The embedded PostgreSQL the app runs on without DATABASE_URL (development and `npm start`). */
describe('the embedded PostgreSQL', () => {
  const dataDirs: string[] = [];
  let app: BuiltApp | undefined;
  /** A DATA_DIR that only its owner may enter when `mode` is 0o700. */
  async function newDataDir(mode: number): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'carekeep-embedded-'));
    await chmod(dir, mode);
    dataDirs.push(dir);
    return dir;
  }
  /**
   * A DATA_DIR the app has already started and stopped on once: its cluster is created and
   * migrated. Where the first start is not what a test is about, it starts on a copy of this.
   */
  let started: string;
  beforeAll(async () => {
    started = await newDataDir(0o755);
    const first = await startBuiltApp({ DATA_DIR: started, EMBEDDED_PG_PORT: String(await freePort()) });
    expect(await first.proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 120_000);
  /** A copy of `started`: owners and modes kept, as the cluster's server (as root, another user) needs them. */
  async function copyOfStarted(): Promise<string> {
    const dir = await newDataDir(0o755);
    await run('cp', ['-a', `${started}/.`, dir]);
    return dir;
  }
  afterEach(async () => {
    // Stopped as a user would stop it, so its server stops too rather than outliving it.
    if (app?.proc.child.exitCode === null && app.proc.child.signalCode === null) await app.proc.stop('SIGTERM');
    await app?.dispose();
    app = undefined;
  });
  afterAll(async () => {
    for (const dir of dataDirs) {
      // A cluster kept outside DATA_DIR (as root) goes with it.
      const cluster = await readlink(join(dir, 'pg')).catch(() => undefined);
      if (cluster) await rm(cluster, { recursive: true, force: true });
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is started again when it dies under the app, which then serves reads and writes without a restart of its own', async () => {
    const dataDir = await copyOfStarted();
    const pgPort = await freePort();
    app = await startBuiltApp({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    const { url, proc } = app;
    const broker = await signIn(url, 'embedded.crash@agency.test');
    expect(await addClient(url, broker.cookie, 'Before', '+12125550181')).toBe(201);

    const killed = await postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    await proc.waitForLog('Embedded PostgreSQL exited unexpectedly; restarting it');
    await waitFor('/api/health to answer 200 again', async () => (await health(url)) === 200, 30_000, 100);
    await proc.waitForLog('Embedded PostgreSQL restarted');

    expect(await postmasterPid(dataDir)).not.toBe(killed);
    expect(await addClient(url, broker.cookie, 'After', '+12125550182')).toBe(201);
    const rows = await query<{ last_name: string }>(
      databaseUrl(pgPort, await password(dataDir)),
      `select last_name from clients where first_name = 'Kept' order by last_name`,
    );
    expect(rows.map((row) => row.last_name)).toEqual(['After', 'Before']);
    expect(proc.child.exitCode).toBeNull();
    expect(proc.logLines().find((line) => line.msg === 'Embedded PostgreSQL exited unexpectedly; restarting it')).toMatchObject({
      signal: 'SIGKILL',
      level: 40,
    });
  });

  it('has a generated superuser password, kept beside the cluster for its owner only; a cluster on the old fixed one is switched to it', async () => {
    // Generated by the first start that made the cluster.
    const dataDir = await copyOfStarted();
    const pgPort = await freePort();
    app = await startBuiltApp({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    // Nor does the server's environment carry the app's secrets (as root, another user's process).
    const environment = await readFile(`/proc/${await postmasterPid(dataDir)}/environ`, 'utf8');
    expect(environment).toContain('PATH=');
    expect(environment).not.toMatch(/SESSION_SECRET|PHI_ENCRYPTION_KEY/);
    const generated = await password(dataDir);
    expect(generated).toMatch(/^[\w-]{32}$/);
    expect((await stat(join(dataDir, 'pg-password'))).mode & 0o777).toBe(0o600);
    await expect(query(databaseUrl(pgPort, 'postgres'), 'select 1')).rejects.toMatchObject({ code: '28P01' });

    // What an earlier version left: the superuser's password 'postgres' and no password file.
    await query(databaseUrl(pgPort, generated), `create table kept as select 'from an earlier version' as note`);
    await query(databaseUrl(pgPort, generated), `alter role postgres password 'postgres'`);
    await rm(join(dataDir, 'pg-password'));
    expect(await app.proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    app = await startBuiltApp({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    const replacement = await password(dataDir);
    expect(replacement).not.toBe(generated);
    expect(replacement).not.toBe('postgres');
    expect(await query(databaseUrl(pgPort, replacement), 'select note from kept')).toEqual([{ note: 'from an earlier version' }]);
    await expect(query(databaseUrl(pgPort, 'postgres'), 'select 1')).rejects.toMatchObject({ code: '28P01' });
    await app.proc.waitForLog("Embedded PostgreSQL: the superuser's fixed password of earlier versions is replaced by a generated one");
    expect(app.proc.stdout).not.toContain(replacement);
  });

  it('that cannot start stops the app with one line saying why and what to do', async () => {
    const dataDir = await copyOfStarted();
    const pgPort = await freePort();
    const squatter = createServer().listen(pgPort, '127.0.0.1');
    try {
      const proc = new AppProcess({
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        PORT: String(await freePort()),
        LOG_LEVEL: 'info',
      });
      expect(await proc.exited).toEqual({ code: 1, signal: null });
      expect(proc.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^The embedded PostgreSQL did not start on port ${pgPort} with data in .+\\(.+\\)\\. Is another server using that port \\(set EMBEDDED_PG_PORT\\)`,
          ),
        ),
      ]);
      expect(proc.stdout).not.toMatch(/"level":60|\bat \w+ \(/);
    } finally {
      squatter.close();
    }
  });

  it('starts in a DATA_DIR only its owner may enter, and keeps its data there across starts', async () => {
    const dataDir = await newDataDir(0o700);
    // An earlier version's first start as root failed here, leaving an empty folder.
    await mkdir(join(dataDir, 'pg'));
    const pgPort = await freePort();
    app = await startBuiltApp({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    const cluster = await lstat(join(dataDir, 'pg'));
    if (asRoot) {
      // PostgreSQL runs as the postgres user, which cannot enter DATA_DIR: the cluster lives where it can, and the log says where.
      expect(cluster.isSymbolicLink()).toBe(true);
      const target = await readlink(join(dataDir, 'pg'));
      expect(target.startsWith(join(ROOT_STATE_DIR, 'clusters'))).toBe(true);
      expect(app.proc.logLines().find((line) => line.user === 'postgres')).toMatchObject({
        data: target,
        msg: expect.stringContaining('runs as the postgres system user'),
      });
    } else {
      expect(cluster.isDirectory()).toBe(true);
    }
    await query(databaseUrl(pgPort, await password(dataDir)), `create table kept as select 'across starts' as note`);
    expect(await app.proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    app = await startBuiltApp({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    expect(await query(databaseUrl(pgPort, await password(dataDir)), 'select note from kept')).toEqual([{ note: 'across starts' }]);
  });

  it('whose data the server cannot reach any more (as root) stops the app with one line saying what to do', async () => {
    // Its cluster made in DATA_DIR by an earlier start, after which DATA_DIR was closed to others.
    const dataDir = await copyOfStarted();
    const pgPort = await freePort();
    await chmod(dataDir, 0o700);

    const port = await freePort();
    const proc = new AppProcess({
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      SESSION_SECRET: 'built-app-session-secret-0123456789abcdef',
    });
    if (asRoot) {
      expect(await proc.exited).toEqual({ code: 1, signal: null });
      expect(proc.stderr.trim()).toBe(
        `PostgreSQL does not run as root, and the postgres user it runs as cannot enter its data in ${join(dataDir, 'pg')}: ` +
          'let it through the folders above (chmod o+x), run npm start as another user, or set DATABASE_URL',
      );
    } else {
      // Any other user runs the server as itself, which may enter its own folders.
      await proc.waitHealthy(`http://127.0.0.1:${port}`);
      expect(await proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
  });
});
