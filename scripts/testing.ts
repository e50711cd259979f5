/**
 * Test support shared by the integration tests of every workspace: databases of their own next
 * to DATABASE_URL, and a whole-stack environment isolated from other test files that share the
 * same PostgreSQL, Redis and Kafka (own database, Kafka topic prefix, adapter channel, random
 * secrets).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const rand = () => randomBytes(4).toString('hex');

export function requireInfraEnv(): { DATABASE_URL: string; REDIS_URL?: string; KAFKA_BROKERS?: string } {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  if (!DATABASE_URL) throw new Error('DATABASE_URL is required: run integration tests through `npm test`');
  return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
}

/** The URL of a new database (created on first connect by the services) beside DATABASE_URL. */
export function freshDatabaseUrl(prefix: string): string {
  const u = new URL(requireInfraEnv().DATABASE_URL);
  u.pathname = `/${prefix}_${rand()}`;
  return u.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const c = new Client({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/**
 * A Kafka namespace of its own (KAFKA_TOPIC_PREFIX): every topic and consumer group of the
 * components started with it, as declared in the protos, lives under it (services/kit/src/bus.ts).
 */
export const isolatedTopicPrefix = (name: string) => `test.${name.replace(/[^A-Za-z0-9_-]/g, '_')}.${rand()}.`;

/** Environment for startStack() that no other test file's stack can cross. */
export function isolatedStackEnv(prefix: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const id = `${prefix}.${rand()}`;
  return {
    ...process.env,
    DATABASE_URL: freshDatabaseUrl(prefix.replace(/\W/g, '_')),
    JWT_SECRET: randomBytes(24).toString('hex'),
    SYSTEM_ACCOUNT_KEY: randomBytes(24).toString('hex'),
    CSKH_ADMIN_PASSWORD: 'Admin@123',
    LOG_LEVEL: 'warn',
    // Topics and consumer groups (of every service and the realtime tier) under a prefix of its own.
    KAFKA_TOPIC_PREFIX: isolatedTopicPrefix(prefix),
    SOCKET_ADAPTER_KEY: `test:${id}`,
    ...extra,
  };
}
