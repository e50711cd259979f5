/**
 * Test support shared by the integration tests of every workspace: databases of their own next
 * to DATABASE_URL, and a whole-stack environment isolated from other test files that share the
 * same PostgreSQL, Redis and Kafka (own database, Kafka topic prefix, adapter channel, random
 * secrets).
 */
import { randomBytes } from 'node:crypto';
import { dropDatabase, freshDatabaseUrl, rand, settle } from '@cskh/kit/testing';

// Databases of their own, random names and waiting for what arrives later: the kit's test harness (one implementation).
export { dropDatabase, freshDatabaseUrl, rand, settle };

/**
 * Reads until a reading comes (a read that throws has not come yet) and `ok` holds for it; after
 * `ms`, throws naming `what` with the last reading or error, which says more than a timeout alone
 * (the browser tests' waits for what the read models learn from events).
 */
export async function readUntil<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean = () => true,
  ms = 60_000,
  everyMs = 500,
): Promise<T> {
  let error: unknown;
  const attempt = async (): Promise<{ v: T } | undefined> => {
    try {
      const reading = { v: await read() };
      error = undefined;
      return reading;
    } catch (e) {
      error = e;
      return undefined;
    }
  };
  const last = await settle(attempt, (r) => r !== undefined && ok(r.v), ms, everyMs);
  if (last && ok(last.v)) return last.v;
  throw new Error(`${what}: ${last ? `last ${JSON.stringify(last.v)}` : (error as Error)?.message}`);
}

/**
 * A Kafka namespace of its own (KAFKA_TOPIC_PREFIX): every topic and consumer group of the
 * components started with it, as declared in the protos, lives under it (services/kit/src/messaging/bus.ts).
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
    // Login counters of its own: another file's failed logins from 127.0.0.1 never throttle this one.
    LOGIN_LIMIT_KEY_PREFIX: `test:${id}:login`,
    // Detailed-info lookups are refused outside 07:00–22:00 Vietnam time whatever the request: a
    // test must not pass or fail by the hour it runs at (the window itself is lookup's unit tests').
    INFO_WINDOW: '00:00-24:00',
    ...extra,
  };
}
