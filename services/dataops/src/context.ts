import { hostname } from 'node:os';
import type { ServiceDeps } from '@cskh/kit/service';
import type { DataopsConfig } from './config';
import { httpScanCarrier, ScanCarrier } from './clients/carrier';
import { ScanWorker } from './workers/scan-worker';

/** What the dataops handlers and workers share, built once per running service (module.context). */
export interface DataopsContext {
  deps: ServiceDeps<DataopsConfig>;
  worker: ScanWorker;
  /** Clock of the date rules (permission dates, taking numbers "today"). */
  now: () => number;
}

export function dataopsContext(deps: ServiceDeps<DataopsConfig>, carrier: ScanCarrier = httpScanCarrier(deps.config)): DataopsContext {
  const c = deps.config;
  const worker = new ScanWorker(deps.ds, deps.bus, carrier, deps.log, {
    instance: c.DATAOPS_INSTANCE || `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    ratePerSecond: c.SCAN_RATE_PER_SECOND,
    concurrency: Math.max(1, c.SCAN_CONCURRENCY),
    batchSize: Math.max(1, c.SCAN_BATCH_SIZE),
    leaseMs: Math.max(1000, c.SCAN_LEASE_MS),
    pollMs: Math.max(50, c.SCAN_POLL_MS),
    attempts: Math.max(1, c.SCAN_ATTEMPTS),
  });
  return { deps, worker, now: Date.now };
}
