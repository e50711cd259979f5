import type Redis from 'ioredis';
import { DataSource, EntitySchema, MigrationInterface } from 'typeorm';
import type { ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import { EventBus, Subscription, createBus } from './bus';
import { ConfigDeclaration, ConfigShape, defineConfig, serviceShape } from './config';
import { createDataSource, ensureDatabase, migrate } from './db';
import { startGrpcServer } from './grpc';
import { createLogger, Logger } from './log';
import { createRedis, createRevocationStore, RevocationStore } from './tokens';
import type { z } from 'zod';

type BaseConfig = z.infer<z.ZodObject<typeof serviceShape>>;

export interface ServiceDeps<C> {
  config: C;
  log: Logger;
  ds: DataSource;
  bus: EventBus;
  redis?: Redis;
  revocations: RevocationStore;
}

export interface ServiceModule<S extends ConfigShape> {
  name: string;
  /** PostgreSQL schema owned by the service. */
  schema: string;
  config: ConfigDeclaration<S>;
  entities: EntitySchema[];
  migrations: Array<new () => MigrationInterface>;
  /** gRPC services to serve, built from the dependencies. */
  services(deps: ServiceDeps<z.infer<z.ZodObject<S>>>): Array<[ServiceDefinition, UntypedServiceImplementation]>;
  /** Kafka consumers, seeds, relays: anything that runs beside the gRPC server. Returns its stop. */
  start?(deps: ServiceDeps<z.infer<z.ZodObject<S>>>): Promise<() => Promise<void>>;
}

export interface RunningService {
  name: string;
  port: number;
  stop(): Promise<void>;
}

/** Same start for every service: config → logs → database → bus → gRPC server with health. */
export async function runService<S extends ConfigShape>(
  mod: ServiceModule<S>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService> {
  const config = mod.config.load(env) as z.infer<z.ZodObject<S>> & BaseConfig;
  const log = createLogger(mod.name, config.LOG_LEVEL);
  if (config.MIGRATE_ON_START) await ensureDatabase(config.DATABASE_URL);
  const ds = createDataSource({ url: config.DATABASE_URL, schema: mod.schema, entities: mod.entities, migrations: mod.migrations });
  if (config.MIGRATE_ON_START) {
    const applied = await migrate(ds, mod.schema);
    if (applied.length) log.info({ applied }, 'migrations applied');
  } else {
    await ds.initialize();
  }
  const redis = createRedis(config.REDIS_URL);
  const bus = createBus(config.KAFKA_BROKERS, `cskh-${mod.name}`, log);
  const release = async () => {
    await bus.close();
    redis?.disconnect();
    if (ds.isInitialized) await ds.destroy();
  };
  const deps: ServiceDeps<typeof config> = { config, log, ds, bus, redis, revocations: createRevocationStore(redis) };
  let stopExtras: () => Promise<void> = async () => {};
  try {
    if (mod.start) stopExtras = await mod.start(deps);
    const server = await startGrpcServer({ port: config.GRPC_PORT, services: mod.services(deps), log });
    return {
      name: mod.name,
      port: server.port,
      async stop() {
        await server.stop(config.SHUTDOWN_GRACE_MS);
        await stopExtras();
        await release();
      },
    };
  } catch (err) {
    // A failed start must not leave connections open (the process, or a test, would hang).
    await stopExtras().catch(() => {});
    await release().catch(() => {});
    throw err;
  }
}

/** What the `migrate` component reads (DATABASE_URL_<SERVICE> may override the database per service). */
export const migrateConfig = defineConfig('migrate', {
  LOG_LEVEL: serviceShape.LOG_LEVEL,
  DATABASE_URL: serviceShape.DATABASE_URL,
});

/** `migrate` entry: applies a service's migrations and exits (Kubernetes hook Job). */
export async function migrateService<S extends ConfigShape>(mod: ServiceModule<S>, env: NodeJS.ProcessEnv = process.env) {
  // Migrating needs the database and nothing else: the Job gets no service secrets (JWT key, …).
  const config = migrateConfig.load(env);
  const log = createLogger(mod.name, config.LOG_LEVEL);
  const ds = createDataSource({ url: config.DATABASE_URL, schema: mod.schema, entities: mod.entities, migrations: mod.migrations });
  const applied = await migrate(ds, mod.schema);
  log.info({ applied }, 'migrations done');
  await ds.destroy();
}

export type { Subscription };
