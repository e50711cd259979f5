/**
 * Integration harness for the auth service: a fresh database per test file (created from
 * DATABASE_URL), the real service started with runService on port 0 (any free port), real gRPC clients,
 * and Redis/Kafka from REDIS_URL / KAFKA_BROKERS.
 */
import { Client as PgClient } from 'pg';
import {
  callUnary,
  createClient,
  createRedis,
  ensureDatabase,
  ErrorEnvelope,
  fromServiceError,
  Identity,
  RedisRevocationStore,
  RunningService,
  runService,
  verifyAccessToken,
} from '@cskh/kit';
import { auth_v1_auth, common_v1_common } from '@cskh/proto';
import { authModule } from '../src/module';
import { freshDatabaseUrl as newDatabaseUrl } from '../../../scripts/testing';

export const JWT_SECRET = 'test-jwt-secret-0123456789abcdef';
export const SYSTEM_ACCOUNT_KEY = 'test-system-account-key-0123456789';
export const ADMIN_PASSWORD = 'admin-pass-123';

export function requireInfra(): { DATABASE_URL: string; REDIS_URL: string; KAFKA_BROKERS: string } {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  if (!DATABASE_URL || !REDIS_URL || !KAFKA_BROKERS)
    throw new Error('integration tests need DATABASE_URL, REDIS_URL and KAFKA_BROKERS (run them through `npm test`)');
  return { DATABASE_URL, REDIS_URL, KAFKA_BROKERS };
}

/** A new, empty database next to the one in DATABASE_URL. */
export async function freshDatabaseUrl(prefix = 'auth_test'): Promise<string> {
  requireInfra();
  const url = newDatabaseUrl(prefix);
  await ensureDatabase(url);
  return url;
}

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
  const databaseUrl = await freshDatabaseUrl();
  const env = authEnv(databaseUrl, { GRPC_PORT: '0', ...extra });
  const service = await runService(authModule, env);
  const addr = `127.0.0.1:${service.port}`;
  const S = auth_v1_auth;
  const clients = {
    session: createClient(S.SessionServiceService, addr),
    users: createClient(S.UserServiceService, addr),
    roles: createClient(S.RoleServiceService, addr),
    channels: createClient(S.InviteChannelServiceService, addr),
    systemAccounts: createClient(S.SystemAccountServiceService, addr),
  };
  const redis = createRedis(requireInfra().REDIS_URL)!;
  const revocations = new RedisRevocationStore(redis);
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();

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
    service,
    databaseUrl,
    env,
    clients,
    revocations,
    sql: async (text, params) => (await pg.query(text, params as unknown[])).rows,
    call,
    login,
    admin,
    roleIds,
    async stop() {
      Object.values(clients).forEach((c) => c.close());
      await pg.end();
      redis.disconnect();
      await service.stop();
    },
  };
}

/** The error envelope a failing call turns into (code + Vietnamese msg). */
export async function failure(p: Promise<unknown>): Promise<ErrorEnvelope> {
  try {
    await p;
  } catch (e) {
    return fromServiceError(e);
  }
  throw new Error('expected the call to fail');
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
