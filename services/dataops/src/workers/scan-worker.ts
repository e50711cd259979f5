import { events_v1_pushes } from '@cskh/proto';
import type { DataSource } from 'typeorm';
import { Logger } from '@cskh/kit/observability';
import { EventBus, pushToUser } from '@cskh/kit/messaging';
import { CarrierUnavailable, ScanCarrier } from '../clients/carrier';
import { MSG } from '../domain/messages';
import { mapPool, RateLimiter, ScanResultColumns } from '../domain/scan';
import {
  addScannedAndRenewLease,
  claimRunningScanFile,
  finishScanFile,
  lockScanFile,
  progressOf,
  releaseAllScanLeases,
  releaseScanLease,
  ScanFileRow,
  storeScanResults,
  unscannedNumbers,
} from '../store/scan-files';

export interface ScanWorkerOptions {
  instance: string;
  ratePerSecond: number;
  concurrency: number;
  batchSize: number;
  leaseMs: number;
  pollMs: number;
  attempts: number;
}

/**
 * The scan worker of one replica. It claims one running file whose lease is free or expired
 * (FOR UPDATE SKIP LOCKED: two replicas never hold one file), scans its unscanned numbers in
 * steps against the carrier at a bounded rate and concurrency, and stores each step's results in
 * one transaction that also renews the lease — only while it still holds the lease, and only for
 * numbers not scanned yet, so each number's result is stored once. After each step the uploader's
 * sockets get the progress. A stop (state no longer running) is seen after the current step; a
 * graceful shutdown finishes the calls in flight, stores them and releases the lease, so another
 * replica resumes at once; a replica that dies is taken over when its lease expires.
 */
export class ScanWorker {
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private readonly limiter: RateLimiter;
  /** Numbers whose results this replica stored (tests, measurement). */
  stored = 0;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: EventBus,
    private readonly carrier: ScanCarrier,
    private readonly log: Logger,
    private readonly opts: ScanWorkerOptions,
  ) {
    this.limiter = new RateLimiter(opts.ratePerSecond);
  }

  start() {
    this.loop ??= this.run();
  }

  /** A start command arrived: look for work now instead of at the next poll. */
  wake() {
    this.wakeUp?.();
  }

  async stop() {
    this.stopping = true;
    this.wake();
    await this.loop;
    await releaseAllScanLeases(this.ds, this.opts.instance).catch((err) => this.log.warn({ err }, 'scan lease release failed'));
  }

  private async run() {
    while (!this.stopping) {
      let file: ScanFileRow | undefined;
      try {
        file = await this.claim();
        if (file) await this.scanFile(file);
      } catch (err) {
        this.log.error({ err, file: file?.id }, 'scan step failed');
        file = undefined;
      }
      if (!file && !this.stopping) await this.idle(this.opts.pollMs);
    }
  }

  private idle(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /** One running file without a live lease (or with ours), now leased to this replica. */
  private async claim(): Promise<ScanFileRow | undefined> {
    return claimRunningScanFile(this.ds, this.opts.instance, this.opts.leaseMs);
  }

  private async scanFile(file: ScanFileRow) {
    let current = file;
    while (!this.stopping) {
      const todo = await unscannedNumbers(this.ds, current.id, this.opts.batchSize);
      if (todo.length === 0) {
        await this.finish(current, 'done', '');
        return;
      }
      const results = await mapPool(todo, this.opts.concurrency, async (n) => (this.stopping ? undefined : this.scanOne(current, n.phone)));
      const scanned = todo.flatMap((n, i) =>
        results[i] && results[i] !== 'unavailable' ? [{ phone9: n.phone9, ...(results[i] as ScanResultColumns) }] : [],
      );
      const unavailable = results.filter((r) => r === 'unavailable').length;
      const next = await this.store(current, scanned);
      if (!next) return; // lease lost or file deleted: another replica (or nobody) owns it now
      current = next;
      await this.push(current);
      if (scanned.length === 0 && unavailable > 0) {
        await this.finish(current, 'failed', MSG.scanFailedCarrier);
        return;
      }
      if (current.state !== 'running') {
        await this.release(current);
        return;
      }
    }
  }

  /** One number, retried on carrier failures; 'unavailable' when every attempt failed. */
  private async scanOne(file: ScanFileRow, phone: string): Promise<ScanResultColumns | 'unavailable'> {
    for (let attempt = 1; attempt <= Math.max(1, this.opts.attempts); attempt++) {
      await this.limiter.take();
      try {
        return await this.carrier.scan(file.kind, phone);
      } catch (err) {
        if (!(err instanceof CarrierUnavailable)) throw err;
        this.log.warn({ err: err.message, file: file.id, attempt }, 'carrier call failed');
      }
    }
    return 'unavailable';
  }

  /** Stores a step's results while this replica holds the lease, and renews the lease. */
  private async store(file: ScanFileRow, results: Array<ScanResultColumns & { phone9: string }>): Promise<ScanFileRow | undefined> {
    return this.ds.transaction(async (tx) => {
      const locked = await lockScanFile(tx, file.id);
      if (!locked || locked.lease_owner !== this.opts.instance) return undefined;
      const n = results.length ? await storeScanResults(tx, file.id, results, this.opts.instance) : 0;
      this.stored += n;
      return addScannedAndRenewLease(tx, file.id, n, this.opts.leaseMs);
    });
  }

  private async finish(file: ScanFileRow, state: 'done' | 'failed', reason: string) {
    const ended = await finishScanFile(this.ds, file.id, this.opts.instance, state, reason);
    if (ended) await this.push(ended);
    else await this.release(file);
  }

  private async release(file: ScanFileRow) {
    await releaseScanLease(this.ds, file.id, this.opts.instance);
  }

  private async push(file: ScanFileRow) {
    await pushToUser(this.bus, file.uploaded_by, events_v1_pushes.ScanProgress, progressOf(file), { from: 'dataops' }).catch((err) =>
      this.log.warn({ err, file: file.id }, 'scan progress push failed'),
    );
  }
}
