/**
 * Integration harness for the auth service, on the kit's (services/kit/src/testing.ts): the real
 * service in a database of its own and behind a Kafka topic prefix of its own, against the shared
 * PostgreSQL / Redis / Kafka; plus what auth's tests need beside it (login, the admin, role ids).
 * Failures are read with the kit's failure().
 */
import { Identity } from '@cskh/kit';
import { callUnary, createClient, createRedis, RedisRevocationStore, verifyAccessToken } from '@cskh/kit/server';
import { ensureDatabase } from '@cskh/kit/data';
import { EventBus } from '@cskh/kit/messaging';
import { RunningService } from '@cskh/kit/service';
import {
  freshDatabaseUrl as newDatabaseUrl,
  requireTestInfra,
  startTestService,
  TEST_JWT_SECRET,
  TEST_SYSTEM_ACCOUNT_KEY,
} from '@cskh/kit/testing';
import { auth_v1_auth, common_v1_common } from '@cskh/proto';
import { authModule } from '../src/module';

export const JWT_SECRET = TEST_JWT_SECRET;
export const SYSTEM_ACCOUNT_KEY = TEST_SYSTEM_ACCOUNT_KEY;
export const ADMIN_PASSWORD = 'admin-pass-123';

export function requireInfra(): { DATABASE_URL: string; REDIS_URL: string; KAFKA_BROKERS: string } {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = requireTestInfra();
  if (!REDIS_URL || !KAFKA_BROKERS)
    throw new Error('auth integration tests need REDIS_URL and KAFKA_BROKERS (run them through `npm test`)');
  return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
}

/** A new, empty database next to the one in DATABASE_URL. */
export async function freshDatabaseUrl(prefix = 'auth_test'): Promise<string> {
  const url = newDatabaseUrl(prefix);
  await ensureDatabase(url);
  return url;
}

/** Auth's environment for a run outside the harness (its own process, a second start…). */
export function authEnv(databaseUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const infra = requireInfra();
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: infra.REDIS_URL,
    KAFKA_BROKERS: infra.KAFKA_BROKERS,
    MIGRATE_ON_START: 'true',
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    JWT_TTL_SECONDS: '3600',
    SYSTEM_ACCOUNT_KEY,
    CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SHUTDOWN_GRACE_MS: '1000',
    ...extra,
  };
}

type GrpcClient = ReturnType<typeof createClient>;

export interface AuthHarness {
  service: RunningService;
  databaseUrl: string;
  env: NodeJS.ProcessEnv;
  clients: { session: GrpcClient; users: GrpcClient; roles: GrpcClient; channels: GrpcClient; systemAccounts: GrpcClient };
  revocations: RedisRevocationStore;
  /** The service's bus (its topic prefix): what auth publishes can be read here. */
  bus: EventBus;
  /** Raw SQL against the test database. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  call<Res>(client: GrpcClient, method: string, req: unknown, as?: Identity): Promise<Res>;
  login(username: string, password: string): Promise<{ reply: auth_v1_auth.LoginReply; identity: Identity; token: string }>;
  admin: Identity;
  /** Seeded role ids by priority (1, 2, 3, 4, 5, 7). */
  roleIds: Record<number, string>;
  stop(): Promise<void>;
}

export async function startAuth(extra: NodeJS.ProcessEnv = {}): Promise<AuthHarness> {
  const t = await startTestService(authModule, { env: { JWT_TTL_SECONDS: '3600', CSKH_ADMIN_PASSWORD: ADMIN_PASSWORD, ...extra } });
  const S = auth_v1_auth;
  const clients = {
    session: createClient(S.SessionServiceService, t.address),
    users: createClient(S.UserServiceService, t.address),
    roles: createClient(S.RoleServiceService, t.address),
    channels: createClient(S.InviteChannelServiceService, t.address),
    systemAccounts: createClient(S.SystemAccountServiceService, t.address),
  };
  const redis = createRedis(requireInfra().REDIS_URL)!;
  const revocations = new RedisRevocationStore(redis);

  const call = <Res>(client: GrpcClient, method: string, req: unknown, as?: Identity) =>
    callUnary<unknown, Res>(client, method, req, { identity: as });
  const login = async (username: string, password: string) => {
    const reply = await call<auth_v1_auth.LoginReply>(clients.session, 'login', { username, password });
    return { reply, token: reply.access_token, identity: verifyAccessToken(JWT_SECRET, reply.access_token).identity };
  };
  const admin = (await login('admin', ADMIN_PASSWORD)).identity;
  const roles = await call<auth_v1_auth.RoleList>(clients.roles, 'listRoles', { page: 1, count: 100, name: '' }, admin);
  const roleIds: Record<number, string> = {};
  for (const r of roles.values) roleIds[r.priority] ??= r.id;

  return {
    service: t.service,
    databaseUrl: t.databaseUrl,
    env: t.env,
    clients,
    revocations,
    bus: t.bus,
    sql: t.sql as AuthHarness['sql'],
    call,
    login,
    admin,
    roleIds,
    async stop() {
      Object.values(clients).forEach((c) => c.close());
      redis.disconnect();
      await t.stop();
    },
  };
}

let seq = 0;
export const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Creates a user through the API (as `as`, default the admin) and returns it with its password. */
export async function createUser(
  h: AuthHarness,
  opts: { priority: number; brand?: string; group?: string; username?: string; password?: string; as?: Identity },
): Promise<auth_v1_auth.User & { password: string }> {
  const password = opts.password ?? 'pass-123456';
  const user = await h.call<auth_v1_auth.User>(
    h.clients.users,
    'createUser',
    {
      fullname: `Nhân viên ${opts.priority}`,
      username: opts.username ?? uniq(`u${opts.priority}_`),
      password,
      email: 'nv@example.vn',
      phone: '0912345678',
      brand: opts.brand ?? '',
      group: opts.group ?? '',
      role: h.roleIds[opts.priority],
    },
    opts.as ?? h.admin,
  );
  return { ...user, password };
}

/** Logs a user in and returns the identity the gateway would forward. */
export async function identityOf(h: AuthHarness, u: { username: string; password: string }): Promise<Identity> {
  return (await h.login(u.username, u.password)).identity;
}

export type StaffOptionList = common_v1_common.StaffOptionList;
