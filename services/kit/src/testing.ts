/**
 * One harness for every service's integration tests: the real service (runService) against the
 * shared PostgreSQL / Redis / Kafka that `npm test` provides, in a database of its own and behind
 * a Kafka topic prefix of its own (so test files running side by side never cross), with typed
 * clients, raw SQL, tokens for any role, and event publishing. A service's test starts in three lines:
 *
 *   const t = await startTestService(bankModule);
 *   const bank = t.client(bank_v1_bank.BankServiceService);
 *   await bank.listMessages(req, { identity: t.as(2) });
 *
 * Not exported from the kit's index: production code never loads it.
 */
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { events_v1_events } from '@cskh/proto';
import { createBus, EventBus } from './messaging/bus';
import type { ConfigShape } from './core/config';
import { ensureDatabase } from './data/db';
import { AppError, ErrorEnvelope, fromServiceError } from './core/errors';
import { serviceClient, ServiceClient } from './server/grpc';
import type { Identity } from './core/identity';
import { createLogger } from './observability/log';
import { RunningService, runService, ServiceModule } from './service';
import { StaffMember, USER_CHANGED_TOPIC } from './data/staff';
import { signAccessToken } from './server/tokens';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef';
export const TEST_SYSTEM_ACCOUNT_KEY = 'test-system-account-key-0123456789';
export const rand = () => randomBytes(4).toString('hex');

/**
 * Reads until `ok` holds or `ms` pass, and returns the last reading either way: for what arrives
 * a moment later by Kafka or Redis, so the caller's own expect shows what was there at the end.
 */
export async function settle<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30000, everyMs = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Reads until the reading is truthy and returns it; throws naming `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 30000): Promise<T> {
  const v = await settle(probe, Boolean, ms, 50);
  if (!v) throw new Error(`timed out waiting for ${what}`);
  return v;
}

export function requireTestInfra(): { DATABASE_URL: string; REDIS_URL?: string; KAFKA_BROKERS?: string } {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  if (!DATABASE_URL) throw new Error('integration tests need DATABASE_URL (and REDIS_URL, KAFKA_BROKERS): run them through `npm test`');
  return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
}

/** A new database URL beside DATABASE_URL (created on first use by ensureDatabase / the service). */
export function freshDatabaseUrl(prefix: string): string {
  const u = new URL(requireTestInfra().DATABASE_URL);
  u.pathname = `/${prefix.replace(/\W/g, '_')}_${rand()}`;
  return u.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const c = new PgClient({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Permission codes a test identity of each seeded priority holds unless told otherwise (everything asked for). */
export interface TestIdentityInput extends Partial<Identity> {
  priority?: number;
}

/** A caller identity as the gateway would pass it (priority 1 with no codes unless given). */
export function testIdentity(over: TestIdentityInput = {}): Identity {
  const username = over.username ?? `tester${over.priority ?? 1}`;
  return {
    userId: over.userId ?? `00000000-0000-4000-8000-${rand()}${rand().slice(0, 4)}`,
    username,
    fullname: over.fullname ?? `Người thử ${username}`,
    roleName: over.roleName ?? `Vai trò ${over.priority ?? 1}`,
    priority: over.priority ?? 1,
    brandId: over.brandId ?? '',
    permissions: over.permissions ?? [],
    jti: over.jti ?? rand(),
    exp: over.exp ?? Math.floor(Date.now() / 1000) + 3600,
  };
}

/** A signed access token for an identity (what the gateway and realtime tier verify). */
export function testToken(identity: Identity, secret = TEST_JWT_SECRET, ttlSeconds = 3600): string {
  return signAccessToken(secret, ttlSeconds, identity).token;
}

export interface TestService {
  service: RunningService;
  /** host:port of the gRPC server. */
  address: string;
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  topicPrefix: string;
  /** The service's PostgreSQL schema. */
  schema: string;
  /** A typed client of one of the service's gRPC services (closed by stop()). */
  client<D extends ServiceDefinition>(def: D): ServiceClient<D>;
  /** An identity of the given priority holding the given codes (see testIdentity). */
  as(priority: number, permissions?: string[], over?: TestIdentityInput): Identity;
  /** Raw SQL against the service's database. */
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The service's bus (same prefix): publish events it consumes, subscribe to what it emits. */
  bus: EventBus;
  stop(): Promise<void>;
}

export async function startTestService<S extends ConfigShape, X>(
  mod: ServiceModule<S, X>,
  opts: { env?: NodeJS.ProcessEnv } = {},
): Promise<TestService> {
  const infra = requireTestInfra();
  const databaseUrl = freshDatabaseUrl(`${mod.name}_test`);
  await ensureDatabase(databaseUrl);
  const topicPrefix = opts.env?.KAFKA_TOPIC_PREFIX ?? `test.${mod.name}.${rand()}.`;
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: infra.REDIS_URL,
    KAFKA_BROKERS: infra.KAFKA_BROKERS,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    GRPC_PORT: '0',
    MIGRATE_ON_START: 'true',
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_MS: '1000',
    JWT_SECRET: TEST_JWT_SECRET,
    SYSTEM_ACCOUNT_KEY: TEST_SYSTEM_ACCOUNT_KEY,
    ...opts.env,
  };
  const service = await runService(mod, env);
  const address = `127.0.0.1:${service.port}`;
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  const bus = createBus(env.KAFKA_BROKERS, `test-${mod.name}`, createLogger('test', 'silent'), topicPrefix);
  const clients: Array<{ close(): void }> = [];
  return {
    service,
    address,
    env,
    databaseUrl,
    topicPrefix,
    schema: mod.schema,
    bus,
    client(def) {
      const c = serviceClient(def, address);
      clients.push(c);
      return c;
    },
    as: (priority, permissions = [], over = {}) => testIdentity({ ...over, priority, permissions }),
    sql: async (text, params) => (await pg.query(text, params as unknown[])).rows,
    async stop() {
      for (const c of clients) c.close();
      await service.stop();
      if (env.KAFKA_BROKERS) await bus.close();
      await pg.end();
      await dropDatabase(databaseUrl).catch(() => undefined);
    },
  };
}

/** The error envelope (code + Vietnamese msg) a call that must fail turns into. */
export async function failure(p: Promise<unknown>): Promise<ErrorEnvelope> {
  try {
    await p;
  } catch (e) {
    return fromServiceError(e);
  }
  throw new Error('expected the call to fail');
}

/** The AppError a rule must throw (a plain function's failure, as `failure` is a call's). */
export function thrownAppError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

/**
 * A row of the staff read model (the kit's `staff` feature), for rules that take one: by default
 * an active salesperson `nv` (user id `u-nv`) of leader `u-leader`'s group in branch `u-branch`.
 */
export function staffMember(over: Partial<StaffMember> = {}): StaffMember {
  return {
    username: 'nv',
    user_id: 'u-nv',
    fullname: 'NV',
    priority: 5,
    role_name: '',
    brand_id: 'u-branch',
    group_id: 'u-leader',
    locked: false,
    deleted: false,
    ...over,
  };
}

/** A person as auth announces them; what is left out gets a salesperson's defaults. */
export type AnnouncedPerson = Partial<events_v1_events.UserChanged> & { username: string };

/**
 * Staff as auth announces them (cskh.auth.user-changed), then waits until the service's staff
 * read model has them all. `userIdOf` gives the user id of a person announced without one.
 */
export async function announceStaff(
  t: TestService,
  people: AnnouncedPerson[],
  userIdOf: (username: string) => string = (u) => `id-${u}`,
): Promise<void> {
  const events = people.map((p) =>
    events_v1_events.UserChanged.fromPartial({
      event_id: rand(),
      user_id: p.user_id ?? userIdOf(p.username),
      fullname: `Tên ${p.username}`,
      role_name: 'Nhân viên',
      role_priority: 5,
      changed_at: new Date().toISOString(),
      ...p,
    }),
  );
  await t.bus.publish(
    events.map((e) => ({ topic: USER_CHANGED_TOPIC, key: e.user_id, value: Buffer.from(events_v1_events.UserChanged.encode(e).finish()) })),
  );
  const names = people.map((p) => p.username);
  await until('the staff read model', async () => {
    const rows = await t.sql(`SELECT username FROM "${t.schema}".staff WHERE username = ANY($1)`, [names]);
    return rows.length === names.length;
  });
}
