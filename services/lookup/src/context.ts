import type { ServiceDeps } from '@cskh/kit/service';
import type { LookupConfig } from './config';
import { SystemAccountCredentials } from './clients/carrier-credentials';
import { CarrierClient } from './clients/carrier-client';
import { LogWriter } from './workers/log-writer';
import { createRateLimiter } from './store/info-rate-limit';
import { LookupEngine } from './handlers/lookup-engine';
import { Registrations } from './handlers/registrations-9084';

/** The lookup service's collaborators, built once per running service (module.context). */
export interface LookupContext {
  /** Every lookup of spec 1 §2.12, for the REST handlers and the socket worker alike. */
  engine: LookupEngine;
  /** 9084 registration results. */
  regs: Registrations;
  /** The lookup log's group-committing writer. */
  logs: LogWriter;
  /** The carrier's URL and login (auth's system account, or the environment). */
  creds: SystemAccountCredentials;
  carrier: CarrierClient;
}

export function lookupContext(deps: ServiceDeps<LookupConfig>): LookupContext {
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
    specialAccounts: new Set(
      config.SPECIAL_ACCOUNTS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    prefixes: [prefixes[0] ?? '', prefixes[1] ?? ''],
  });
  return { engine, regs, logs, creds, carrier };
}
