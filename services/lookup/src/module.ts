import { adapt, ServiceDeps, ServiceModule, startBatchConsumer } from '@cskh/kit';
import { events_v1_events, lookup_v1_lookup } from '@cskh/proto';
import { lookupConfig, LookupConfig } from './config';
import { LookupLogEntity, StaffEntity } from './entities/lookup-log';
import { LookupInit1732150000000 } from './migrations/1732150000000-init';
import { SystemAccountCredentials } from './carrier/credentials';
import { CarrierClient } from './carrier/client';
import { LogWriter } from './log-writer';
import { createRateLimiter } from './rate-limit';
import { LookupEngine } from './lookups';
import { Registrations } from './registrations';
import { lookupHandlers } from './handlers/lookup';
import { lookupLogHandlers } from './handlers/lookup-log';
import { lookupSocketRoutes, requestHandler } from './requests';

type Deps = ServiceDeps<LookupConfig>;

interface Context {
  engine: LookupEngine;
  regs: Registrations;
  logs: LogWriter;
  creds: SystemAccountCredentials;
}

const contexts = new WeakMap<object, Context>();

/** One set of collaborators per running service (start() and services() share it). */
function contextOf(deps: Deps): Context {
  let c = contexts.get(deps);
  if (c) return c;
  const { config, log, ds, redis } = deps;
  const creds = new SystemAccountCredentials({
    authUrl: config.AUTH_GRPC_URL,
    position: config.CARRIER_POSITION,
    fallback: { url: config.CARRIER_URL, username: config.CARRIER_USERNAME, password: config.CARRIER_PASSWORD },
    ttlMs: config.CARRIER_CREDENTIALS_TTL_MS,
    log,
  });
  const carrier = new CarrierClient(creds, config.CARRIER_TIMEOUT_MS, log);
  const logs = new LogWriter(ds, log, config.LOG_BATCH_SIZE, config.LOG_MAX_INFLIGHT);
  const engine = new LookupEngine({
    carrier,
    logs,
    infoLimiter: createRateLimiter(redis, config.INFO_LIMIT_PER_HOUR),
    infoWindow: config.INFO_WINDOW,
    infoLimit: config.INFO_LIMIT_PER_HOUR,
    log,
  });
  const prefixes = config.BRANCH_PREFIXES.split(',').map((s) => s.trim());
  const regs = new Registrations({
    carrier,
    ds,
    specialAccounts: new Set(config.SPECIAL_ACCOUNTS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    prefixes: [prefixes[0] ?? '', prefixes[1] ?? ''],
  });
  c = { engine, regs, logs, creds };
  contexts.set(deps, c);
  return c;
}

export const lookupModule: ServiceModule<typeof lookupConfig.shape> = {
  name: 'lookup',
  schema: 'lookup',
  config: lookupConfig,
  entities: [LookupLogEntity, StaffEntity],
  migrations: [LookupInit1732150000000],

  services(deps) {
    const { engine, regs } = contextOf(deps);
    return [
      [lookup_v1_lookup.LookupServiceService, adapt(lookup_v1_lookup.LookupServiceService, lookupHandlers(engine, regs), deps.log)],
      [lookup_v1_lookup.LookupLogServiceService, adapt(lookup_v1_lookup.LookupLogServiceService, lookupLogHandlers(deps.ds), deps.log)],
    ];
  },

  async start(deps) {
    const { engine, logs, creds } = contextOf(deps);
    const { config, bus, log, ds } = deps;
    // Socket commands: topics as declared in lookup.proto (service LookupSocket).
    const socket = lookupSocketRoutes();
    await bus.ensureTopics([...socket.requestTopics, ...socket.replyTopics]);
    const requests = await startBatchConsumer({
      brokers: config.KAFKA_BROKERS,
      clientId: 'cskh-lookup',
      groupId: config.LOOKUP_CONSUMER_GROUP,
      topics: socket.requestTopics,
      bus,
      log,
      concurrency: config.LOOKUP_CONCURRENCY,
      handler: requestHandler(engine, socket.routes, log, config.LOOKUP_REQUEST_MAX_AGE_MS),
    });
    // Staff names for 9084 rows: a read model of auth's user-changed events.
    const staff = await bus.subscribe({
      groupId: `${config.LOOKUP_CONSUMER_GROUP}-staff`,
      topics: ['cskh.auth.user-changed'],
      fromBeginning: true,
      handler: async (msg) => {
        const u = events_v1_events.UserChanged.decode(msg.value);
        if (!u.username) return;
        await ds.query(
          `INSERT INTO lookup.staff (username, fullname, priority, updated_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (username) DO UPDATE SET fullname = EXCLUDED.fullname, priority = EXCLUDED.priority, updated_at = now()`,
          [u.username, u.fullname, u.role_priority],
        );
      },
    });
    return async () => {
      await requests.stop();
      await staff.stop();
      await logs.close();
      creds.close();
    };
  },
};

