import { DataSource, MigrationInterface } from 'typeorm';
import { Client, Pool, QueryResult } from 'pg';
import { AppError } from '../core/errors';
import { addDatabasePool } from '../observability/metrics';

/**
 * One PostgreSQL schema per service, reached with SQL (the service's store/); TypeORM is the pool,
 * the transaction runner and the migration runner (explicit SQL migrations, never `synchronize`).
 */
export function createDataSource(opts: {
  url: string;
  schema: string;
  migrations: Array<new () => MigrationInterface>;
  poolSize?: number;
}): DataSource {
  const ds = new DataSource({
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: [],
    migrations: opts.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // A connection that cannot be made in 10 s fails the query instead of waiting forever (a
    // partition with no RST would otherwise hang every request until the caller's deadline).
    extra: { max: opts.poolSize ?? 10, connectionTimeoutMillis: 10_000 },
  });
  // The pool's use at scrape time (cskh_db_pool_*): "connections exhausted" is an alert.
  addDatabasePool(opts.schema, () => {
    if (!ds.isInitialized) return undefined;
    const pool = (ds.driver as unknown as { master?: Pool }).master;
    return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
  });
  return ds;
}

/**
 * A statement that runs on every request (a lookup's log row), on TypeORM's own pg pool and
 * prepared once per connection under `name`: its text never changes, so PostgreSQL parses and
 * plans it once, and TypeORM's query runner (made per query) is skipped. Anything else goes
 * through ds.query / transactions as usual.
 */
export function preparedQuery(ds: DataSource, name: string, text: string, values: unknown[]): Promise<QueryResult> {
  // TypeORM's PostgresDriver keeps its pg pool as `master` once the data source is initialised.
  return (ds.driver as unknown as { master: Pool }).master.query({ name, text, values });
}

/** Creates the service's schema (the migrations table lives in it) and applies pending migrations. */
export async function migrate(ds: DataSource, schema: string): Promise<string[]> {
  const url = (ds.options as { url: string }).url;
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await c.end();
  }
  const wasInitialized = ds.isInitialized;
  if (!wasInitialized) await ds.initialize();
  const done = await ds.runMigrations({ transaction: 'each' });
  return done.map((m) => m.name);
}

/** Creates the database named in the URL when it does not exist yet (embedded run, tests). */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const c = new Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

/** SQLSTATEs that say "the server is not there right now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when an error means PostgreSQL cannot be reached (stopped, restarting, failing over, out of
 * connections) rather than a bug or a refused query: such a failure is answered 503 UNAVAILABLE
 * and heals by itself once the database is back. Looks through TypeORM's QueryFailedError
 * (`driverError`) and `cause` chains.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | undefined;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    if (e instanceof AppError) return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || /^08/.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
}

/** The AppError a caller gets while the database is unreachable (503, Vietnamese message). */
export const databaseUnavailable = () => new AppError('UNAVAILABLE');

/** Resolves true when the database answers `SELECT 1` within `timeoutMs`. */
export async function databaseAnswers(ds: DataSource, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      ds.query('SELECT 1').then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
