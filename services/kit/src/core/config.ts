import { z } from 'zod';

/**
 * Configuration comes from the environment only, validated at start so that a wrong
 * deployment fails loudly instead of half-working. Every component declares its schema
 * with defineConfig(); the Helm chart is tested against these declarations.
 */
export type ConfigShape = Record<string, z.ZodType>;

export interface ConfigDeclaration<S extends ConfigShape> {
  component: string;
  shape: S;
  load(env?: NodeJS.ProcessEnv): z.infer<z.ZodObject<S>>;
}

export const declaredConfigs = new Map<string, ConfigDeclaration<ConfigShape>>();

export function defineConfig<S extends ConfigShape>(component: string, shape: S): ConfigDeclaration<S> {
  const schema = z.object(shape);
  const decl: ConfigDeclaration<S> = {
    component,
    shape,
    load(env = process.env) {
      const picked: Record<string, unknown> = {};
      for (const key of Object.keys(shape)) if (env[key] !== undefined && env[key] !== '') picked[key] = env[key];
      const parsed = schema.safeParse(picked);
      if (!parsed.success) {
        const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
        throw new Error(`Invalid configuration for ${component}:\n${lines.join('\n')}`);
      }
      return parsed.data;
    },
  };
  declaredConfigs.set(component, decl as unknown as ConfigDeclaration<ConfigShape>);
  return decl;
}

/** Building blocks shared by the components' schemas. */
export const env = {
  // 0 = any free port (tests, embedded run).
  port: (def: number) => z.coerce.number().int().min(0).max(65535).default(def),
  url: () => z.string().min(1),
  optionalUrl: () => z.string().min(1).optional(),
  secret: () => z.string().min(16, 'must be at least 16 characters'),
  bool: (def: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  int: (def: number) => z.coerce.number().int().default(def),
};

/** What every gRPC service reads. */
export const serviceShape = {
  LOG_LEVEL: env.logLevel(),
  GRPC_PORT: env.port(50051),
  DATABASE_URL: env.url(),
  /** Unset: the in-process bus (embedded run only). */
  KAFKA_BROKERS: z.string().optional(),
  /** Unset: in-memory stores (embedded run only). */
  REDIS_URL: z.string().optional(),
  /** Embedded run and tests apply migrations at start; in Kubernetes the migrate Job does. */
  MIGRATE_ON_START: env.bool(false),
  SHUTDOWN_GRACE_MS: env.int(10000),
};
