import { bind, ServiceDeps, ServiceModule, startBatchConsumer } from '@cskh/kit';
import { lookup_v1_lookup } from '@cskh/proto';
import { lookupConfig, LookupConfig } from './config';
import { LookupLogEntity } from './entities/lookup-log';
import { LookupInit1732150000000 } from './migrations/1732150000000-init';
import { LookupListVolume1733600000000 } from './migrations/1733600000000-list-volume';
import { SystemAccountCredentials } from './carrier/credentials';
import { CarrierClient } from './carrier/client';
import { LogWriter } from './log-writer';
import { createRateLimiter } from './rate-limit';
import { LookupEngine } from './lookups';
import { Registrations } from './registrations';
import { lookupHandlers } from './handlers/lookup';
import { lookupLogHandlers } from './handlers/lookup-log';
import { lookupSocketRoutes, requestHandler } from './requests';

/** The lookup service's collaborators, built once per running service (module.context). */
export interface LookupContext {
  engine: LookupEngine;
  regs: Registrations;
  logs: LogWriter;
  creds: SystemAccountCredentials;
  carrier: CarrierClient;
}

function lookupContext(deps: ServiceDeps<LookupConfig>): LookupContext {
  const { config, log, ds, redis, staff } = deps;
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
    staff,
    specialAccounts: new Set(config.SPECIAL_ACCOUNTS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    prefixes: [prefixes[0] ?? '', prefixes[1] ?? ''],
  });
  return { engine, regs, logs, creds, carrier };
}

export const lookupModule: ServiceModule<typeof lookupConfig.shape, LookupContext> = {
  name: 'lookup',
  schema: 'lookup',
  config: lookupConfig,
  entities: [LookupLogEntity],
  migrations: [LookupInit1732150000000, LookupListVolume1733600000000],
  // Staff names on 9084 rows come from the kit's staff read model (cskh.auth.user-changed).
  features: { staff: true },
  context: lookupContext,

  services: (deps, { engine, regs }) => [
    bind(lookup_v1_lookup.LookupServiceService, lookupHandlers(engine, regs)),
    bind(lookup_v1_lookup.LookupLogServiceService, lookupLogHandlers(deps.ds)),
  ],

  async start(deps, { engine, logs, creds, carrier }) {
    const { config, bus, log } = deps;
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
    return async () => {
      await requests.stop();
      await logs.close();
      creds.close();
      carrier.close();
    };
  },
};
