import { DataSource, EntitySchema, MigrationInterface } from 'typeorm';
import { Client } from 'pg';

/**
 * One PostgreSQL schema per service, TypeORM entities (EntitySchema, no decorators) and
 * explicit SQL migrations; never `synchronize`.
 */
export function createDataSource(opts: {
  url: string;
  schema: string;
  entities: EntitySchema[];
  migrations: Array<new () => MigrationInterface>;
  poolSize?: number;
}): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: opts.entities,
    migrations: opts.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: opts.poolSize ?? 10 },
  });
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
