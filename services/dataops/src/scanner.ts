import type { DataSource } from 'typeorm';
import { EventBus, Logger, pushToUser } from '@cskh/kit';
import { CarrierUnavailable, ScanCarrier } from './carrier';
import { MSG } from './domain/messages';
import { mapPool, RateLimiter, SCAN_PROGRESS_EVENT, ScanResultColumns } from './domain/scan';
import { modified, progressOf, ScanFileRow } from './store';

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
    await this.ds
      .query(`UPDATE dataops.scan_file SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`, [this.opts.instance])
      .catch((err) => this.log.warn({ err }, 'scan lease release failed'));
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
    const rows: ScanFileRow[] = await modified(this.ds, `UPDATE dataops.scan_file SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE id = (SELECT id FROM dataops.scan_file
                     WHERE state = 'running' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $1)
                     ORDER BY updated_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [this.opts.instance, this.opts.leaseMs],
    );
    return rows[0];
  }

  private async scanFile(file: ScanFileRow) {
    let current = file;
    while (!this.stopping) {
      const todo: Array<{ phone: string; phone9: string }> = await this.ds.query(
        `SELECT phone, phone9 FROM dataops.scan_number WHERE file_id = $1 AND scanned_at IS NULL ORDER BY seq LIMIT $2`,
        [current.id, this.opts.batchSize],
      );
      if (todo.length === 0) {
        await this.finish(current, 'done', '');
        return;
      }
      const results = await mapPool(todo, this.opts.concurrency, async (n) => (this.stopping ? undefined : this.scanOne(current, n.phone)));
      const scanned = todo.flatMap((n, i) => (results[i] && results[i] !== 'unavailable' ? [{ phone9: n.phone9, ...(results[i] as ScanResultColumns) }] : []));
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
      const [locked]: ScanFileRow[] = await tx.query(`SELECT * FROM dataops.scan_file WHERE id = $1 FOR UPDATE`, [file.id]);
      if (!locked || locked.lease_owner !== this.opts.instance) return undefined;
      let n = 0;
      if (results.length) {
        const updated: unknown[] = await modified(tx, `UPDATE dataops.scan_number AS s SET status = v.status, number_type = v.number_type, current_package = v.current_package,
                  register_date = v.register_date, register_expire = v.register_expire, current_cycle = v.current_cycle,
                  free_cycle_left = v.free_cycle_left, number_status = v.number_status, dtct = v.dtct, scanned_at = now(), scanned_by = $3
             FROM jsonb_to_recordset($2::jsonb) AS v(phone9 text, status text, number_type text, current_package text, register_date text,
                  register_expire text, current_cycle int, free_cycle_left int, number_status text, dtct text)
            WHERE s.file_id = $1 AND s.phone9 = v.phone9 AND s.scanned_at IS NULL
            RETURNING 1`,
          [file.id, JSON.stringify(results), this.opts.instance],
        );
        n = updated.length;
        this.stored += n;
      }
      const [next]: ScanFileRow[] = await modified(tx, `UPDATE dataops.scan_file SET scanned = scanned + $2, lease_until = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
          WHERE id = $1 RETURNING *`,
        [file.id, n, this.opts.leaseMs],
      );
      return next;
    });
  }

  private async finish(file: ScanFileRow, state: 'done' | 'failed', reason: string) {
    const rows: ScanFileRow[] = await modified(this.ds, `UPDATE dataops.scan_file SET state = $3, reason = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND state = 'running' RETURNING *`,
      [file.id, this.opts.instance, state, reason],
    );
    if (rows[0]) await this.push(rows[0]);
    else await this.release(file);
  }

  private async release(file: ScanFileRow) {
    await this.ds.query(`UPDATE dataops.scan_file SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`, [file.id, this.opts.instance]);
  }

  private async push(file: ScanFileRow) {
    await pushToUser(this.bus, file.uploaded_by, SCAN_PROGRESS_EVENT, progressOf(file), { from: 'dataops' }).catch((err) =>
      this.log.warn({ err, file: file.id }, 'scan progress push failed'),
    );
  }
}
