import type Redis from 'ioredis';
import { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import type { ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import { events_v1_events } from '@cskh/proto';
import { AuditTrail, auditTableSql } from './data/audit';
import { EventBus, Subscription, createBus, kafkaTopicPrefix } from './messaging/bus';
import { ConfigDeclaration, ConfigShape, defineConfig, serviceShape } from './core/config';
import { createDataSource, databaseAnswers, databaseUnavailable, ensureDatabase, isDatabaseUnavailable, migrate } from './data/db';
import {
  adapt,
  GrpcServerHandle,
  Handlers,
  isAdapted,
  Middleware,
  onShutdown,
  serviceName,
  ServiceBinding,
  startGrpcServer,
} from './server/grpc';
import { createLogger, Logger } from './observability/log';
import { addToOutbox, OutboxRelay, outboxHeadersSql, outboxTableSql } from './messaging/outbox';
import { StaffDirectory, staffTableSql, USER_CHANGED_TOPIC } from './data/staff';
import { createRevocationStore, RevocationStore } from './server/tokens';
import { createRedis } from './server/redis';
import { addOutboxBacklogReader } from './observability/metrics';
import type { z } from 'zod';

type BaseConfig = z.infer<z.ZodObject<typeof serviceShape>>;

/** Shared pieces a service switches on; the kit creates their tables and runs their workers. */
export interface ServiceFeatures {
  /** Transactional outbox table + relay (deps.outbox.add in a transaction, then afterCommit). */
  outbox?: boolean;
  /** Staff read model: table + the cskh.auth.user-changed consumer (deps.staff). */
  staff?: boolean;
  /** Audit trail table (deps.audit.record in the changing transaction; deps.audit.history for …/{id}/history). */
  audit?: boolean;
}

/** Writes events in the caller's transaction; the relay publishes them after the commit. */
export interface Outbox {
  add(em: EntityManager, topic: string, key: string, payload: Uint8Array): Promise<void>;
  /** Nudges the relay after a commit that wrote to the outbox (fire and forget: its timer retries). */
  afterCommit(): void;
}

export interface ServiceDeps<C> {
  config: C;
  log: Logger;
  ds: DataSource;
  bus: EventBus;
  redis?: Redis;
  revocations: RevocationStore;
  /** The service's PostgreSQL schema. */
  schema: string;
  outbox: Outbox;
  staff: StaffDirectory;
  audit: AuditTrail;
}

type Cfg<S extends ConfigShape> = z.infer<z.ZodObject<S>>;

/** Any service's module, as the stack and the image's entry load them by name. */
export type AnyServiceModule = ServiceModule<ConfigShape, unknown>;

/** The ServiceModule that a services/<name>/src/module.ts exports, among its exports. */
export function serviceModuleAmong(exports: Record<string, unknown>): AnyServiceModule | undefined {
  return Object.values(exports).find((v): v is AnyServiceModule => !!v && typeof v === 'object' && 'schema' in v && 'services' in v);
}

export interface ServiceModule<S extends ConfigShape, X = undefined> {
  name: string;
  /** PostgreSQL schema owned by the service. */
  schema: string;
  config: ConfigDeclaration<S>;
  migrations: Array<new () => MigrationInterface>;
  features?: ServiceFeatures;
  /** Built once from the deps and handed to services() and start() (collaborators, caches, clients). */
  context?(deps: ServiceDeps<Cfg<S>>): X;
  /** gRPC services to serve: bind(Definition, handlers) pairs. */
  services(deps: ServiceDeps<Cfg<S>>, ctx: X): ServiceBinding[];
  /** Extra middleware around every handler (after the kit's caller check). */
  middleware?: Middleware[];
  /** Consumers, seeds, workers: anything that runs beside the gRPC server. Returns its stop. */
  start?(deps: ServiceDeps<Cfg<S>>, ctx: X): Promise<() => Promise<void>>;
}

export interface RunningService {
  name: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The kit's own tables for the features a module switches on, as one migration that runs before
 * the module's (idempotent DDL, so a schema that already has such a table keeps it).
 */
export function featureMigrations(schema: string, features: ServiceFeatures = {}): Array<new () => MigrationInterface> {
  const ddl = [
    features.outbox ? outboxTableSql(schema) : '',
    features.staff ? staffTableSql(schema) : '',
    features.audit ? auditTableSql(schema) : '',
  ].filter(Boolean);
  if (ddl.length === 0) return [];
  const tag = [features.outbox && 'Outbox', features.staff && 'Staff', features.audit && 'Audit'].filter(Boolean).join('');
  const tables = kitMigration(`Kit${tag}1600000000000`, ddl);
  // Added later, so a migration of its own: databases made before it get the column too.
  return features.outbox ? [tables, kitMigration('KitOutboxHeaders1600000000001', [outboxHeadersSql(schema)])] : [tables];
}

/** A named migration running the kit's DDL; down keeps everything (other data refers to the kit's tables). */
function kitMigration(name: string, ddl: string[]): new () => MigrationInterface {
  const cls = class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner) {
      for (const sql of ddl) await q.query(sql);
    }
    async down() {
      /* kept */
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}

function dataSourceFor(mod: Pick<AnyServiceModule, 'schema' | 'features' | 'migrations'>, url: string) {
  return createDataSource({
    url,
    schema: mod.schema,
    migrations: [...featureMigrations(mod.schema, mod.features), ...mod.migrations],
  });
}

/** Same start for every service: config → logs → database → bus → context → workers → gRPC server with health. */
export async function runService<S extends ConfigShape, X>(
  mod: ServiceModule<S, X>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService> {
  const config = mod.config.load(env) as Cfg<S> & BaseConfig;
  const log = createLogger(mod.name, config.LOG_LEVEL);
  if (config.MIGRATE_ON_START) await ensureDatabase(config.DATABASE_URL);
  const ds = dataSourceFor(mod, config.DATABASE_URL);
  if (config.MIGRATE_ON_START) {
    const applied = await migrate(ds, mod.schema);
    if (applied.length) log.info({ applied }, 'migrations applied');
  } else {
    await ds.initialize();
  }
  const redis = createRedis(config.REDIS_URL);
  const bus = createBus(config.KAFKA_BROKERS, `cskh-${mod.name}`, log, kafkaTopicPrefix(env));
  const revocations = createRevocationStore(redis);
  const stops: Array<() => Promise<void>> = [];
  const release = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => log.warn({ err }, 'stop failed'));
    await bus.close();
    await revocations.close();
    redis?.disconnect();
    if (ds.isInitialized) await ds.destroy();
  };
  let relay: OutboxRelay | undefined;
  const deps: ServiceDeps<typeof config> = {
    config,
    log,
    ds,
    bus,
    redis,
    revocations,
    schema: mod.schema,
    outbox: {
      add: (em, topic, key, payload) => addToOutbox(em, mod.schema, topic, key, payload),
      afterCommit: () => void relay?.flush(),
    },
    staff: new StaffDirectory(ds, mod.schema),
    audit: new AuditTrail(mod.schema),
  };
  try {
    const ctx = mod.context ? mod.context(deps) : (undefined as X);
    if (mod.features?.outbox) {
      const r = new OutboxRelay(ds, mod.schema, bus, log);
      relay = r;
      r.start();
      const removeBacklog = addOutboxBacklogReader(async (set) => {
        const [row] = await ds.query(`SELECT count(*)::int AS n FROM "${mod.schema}".outbox WHERE published_at IS NULL`);
        set({ schema: mod.schema }, row.n);
      });
      stops.push(async () => {
        removeBacklog();
        relay = undefined;
        await r.stop();
      });
    }
    if (mod.features?.staff) {
      const sub: Subscription = await bus.subscribe({
        groupId: `cskh-${mod.name}-staff`,
        topics: [USER_CHANGED_TOPIC],
        fromBeginning: true,
        handler: async (msg) => deps.staff.apply(events_v1_events.UserChanged.decode(msg.value)),
      });
      stops.push(() => sub.stop());
    }
    if (mod.start) stops.push(await mod.start(deps, ctx));
    const middleware = [databaseDownIsUnavailable, ...(mod.middleware ?? [])];
    const services: Array<[ServiceDefinition, UntypedServiceImplementation]> = mod
      .services(deps, ctx)
      .map(([def, impl]) => [
        def,
        isAdapted(impl) ? (impl as UntypedServiceImplementation) : adapt(def, impl as Handlers<ServiceDefinition>, { log, middleware }),
      ]);
    const server = await startGrpcServer({ port: config.GRPC_PORT, services, log });
    const readiness = watchDatabase(
      ds,
      server,
      services.map(([def]) => serviceName(def)),
      log,
    );
    return {
      name: mod.name,
      port: server.port,
      async stop() {
        readiness.stop();
        await server.stop(config.SHUTDOWN_GRACE_MS);
        await release();
      },
    };
  } catch (err) {
    // A failed start must not leave connections open (the process, or a test, would hang).
    await release().catch(() => {});
    throw err;
  }
}

/**
 * The database being unreachable (restart, failover, network) is not a bug: the caller gets 503
 * with the Vietnamese message of UNAVAILABLE instead of 500, and the next call works once the
 * database is back (the pool reconnects by itself).
 */
export const databaseDownIsUnavailable: Middleware = (_call, next) =>
  next().catch((err) => {
    throw isDatabaseUnavailable(err) ? databaseUnavailable() : err;
  });

/**
 * Readiness follows the database: every `intervalMs` a `SELECT 1`; while it fails, the gRPC
 * health of the server and of each of its services is NOT_SERVING (Kubernetes' gRPC readiness
 * probe takes the pod out of rotation, the gateway's /healthz/services shows it), and SERVING again
 * once it answers. Liveness stays untouched: restarting the pod would not bring the database back.
 */
export function watchDatabase(
  ds: DataSource,
  server: Pick<GrpcServerHandle, 'health'>,
  serviceNames: string[],
  log: Logger,
  intervalMs = 1000,
) {
  let serving = true;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const names = ['', ...serviceNames];
  const tick = async () => {
    const ok = await databaseAnswers(ds, Math.min(2000, intervalMs * 2));
    if (stopped) return;
    if (ok !== serving) {
      serving = ok;
      for (const n of names) server.health.setStatus(n, ok ? 'SERVING' : 'NOT_SERVING');
      if (ok) log.info('database answers again: serving');
      else log.warn('database unreachable: not serving (readiness) until it answers');
    }
    timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return {
    serving: () => serving,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** What the `migrate` component reads (DATABASE_URL_<SERVICE> may override the database per service). */
export const migrateConfig = defineConfig('migrate', {
  LOG_LEVEL: serviceShape.LOG_LEVEL,
  DATABASE_URL: serviceShape.DATABASE_URL,
});

/** `migrate` entry: applies a service's migrations (the kit's feature tables first) and exits (Kubernetes hook Job). */
export async function migrateService<S extends ConfigShape, X>(mod: ServiceModule<S, X>, env: NodeJS.ProcessEnv = process.env) {
  // Migrating needs the database and nothing else: the Job gets no service secrets (JWT key, …).
  const config = migrateConfig.load(env);
  const log = createLogger(mod.name, config.LOG_LEVEL);
  const ds = dataSourceFor(mod, config.DATABASE_URL);
  const applied = await migrate(ds, mod.schema);
  log.info({ applied }, 'migrations done');
  await ds.destroy();
}

/**
 * A service process's entry (every `src/main.ts`): `node main.ts` serves gRPC until SIGTERM;
 * `node main.ts migrate` applies the migrations and exits. A failed start exits 1 with the reason.
 */
export function serviceMain<S extends ConfigShape, X>(mod: ServiceModule<S, X>, argv = process.argv): void {
  const log = createLogger(mod.name);
  const started = argv[2] === 'migrate' ? migrateService(mod) : runService(mod).then((svc) => onShutdown(() => svc.stop(), log));
  started.catch((err) => {
    // On stderr as well as in the log: a start refused for its configuration (LOG_LEVEL=silent in
    // a test, or a log collector not up yet) must still say why.
    log.error({ err }, `${mod.name} failed to start`);
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

export type { Subscription };
