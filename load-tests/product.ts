// How the benches and the chaos run start the product on shared servers: its settings and secrets
// (fresh JWT and system keys, an administrator password of the run's own), a database of its own
// on the PostgreSQL server it is given, and the administrator's password reset in a kept database.
import { randomBytes } from 'node:crypto';
import type { InfraEnv } from '../scripts/infra/index';
import { hashPassword } from '../services/auth/src/domain/passwords';

/** A password of this run's own for the administrator, e.g. `Bench-1a2b3c4d5e6f`. */
export const runPassword = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/**
 * The product's environment: ours, the servers', fresh secrets, migrations on start, warnings only
 * (unless LOG_LEVEL says otherwise), the administrator's password; `extra` last.
 */
export function productEnv(infra: InfraEnv, adminPassword: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...infra,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex'),
    CSKH_ADMIN_PASSWORD: adminPassword,
    MIGRATE_ON_START: 'true',
    ...extra,
  };
}

/** The carrier simulator's login, the same on both sides (the simulator's and the lookup service's). */
export const carrierLogin = (user: string, pass: string) => ({
  CARRIER_SIM_USERNAME: user,
  CARRIER_SIM_PASSWORD: pass,
  CARRIER_USERNAME: user,
  CARRIER_PASSWORD: pass,
});

/** `url` with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server's `postgres` database (CREATE / DROP DATABASE). */
async function onServer<T>(url: string, work: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** A database of the run's own on a shared PostgreSQL server (others' data stay theirs); drop() at the end. */
export async function ownDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cskh_bench_${randomBytes(4).toString('hex')}`;
  await onServer(url, (c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabase(url, name),
    drop: () => onServer(url, async (c) => void (await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}

/** The database `name` on the server of `url`, created when missing (kept between runs: seeding takes minutes). */
export async function keptDatabase(url: string, name: string): Promise<string> {
  await onServer(url, async (c) => {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE "${name}"`);
  });
  return withDatabase(url, name);
}

/** The administrator of a kept database keeps the password of the run that created it: this run's, now. */
export async function resetAdminPassword(db: import('pg').ClientBase, password: string): Promise<void> {
  await db.query(`UPDATE auth.users SET password_hash = $1 WHERE lower(username) = 'admin'`, [await hashPassword(password)]);
}
