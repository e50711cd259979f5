import type { DataSource } from 'typeorm';
import type { Logger } from '@cskh/kit/observability';
import { insertLookupLogRows, NewLogRow } from '../store/lookup-log';

export type { NewLogRow };

/**
 * Writes lookup-log rows with group commit: when no insert is running, a row goes out at once
 * (same-tick rows together); while inserts are running (up to `maxInflight`), rows queue and the
 * next insert takes them all (up to `maxBatch`). Each caller still waits until its own row is
 * durable, so an answer never leaves before its log row. A row with a request id is written once
 * however often its request is redelivered.
 */
export class LogWriter {
  private queue: Array<{ row: NewLogRow; done: (err?: unknown) => void }> = [];
  private scheduled = false;
  private inflight = new Set<Promise<void>>();

  constructor(
    private ds: DataSource,
    private log: Logger,
    private maxBatch = 200,
    private maxInflight = 1,
  ) {}

  write(row: NewLogRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, done: (err) => (err ? reject(err) : resolve()) });
      this.schedule();
    });
  }

  writeMany(rows: NewLogRow[]): Promise<void> {
    return Promise.all(rows.map((r) => this.write(r))).then(() => undefined);
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0 || this.inflight.size >= this.maxInflight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    const p: Promise<void> = this.insert(batch.map((b) => b.row)).then(
      () => batch.forEach((b) => b.done()),
      (err) => {
        this.log.error({ err, rows: batch.length }, 'lookup log insert failed');
        batch.forEach((b) => b.done(err));
      },
    );
    this.inflight.add(p);
    p.finally(() => {
      this.inflight.delete(p);
      this.schedule();
    });
    this.schedule();
  }

  private insert(rows: NewLogRow[]) {
    return insertLookupLogRows(this.ds, rows);
  }

  /** Flushes what is queued and waits for in-flight inserts. */
  async close() {
    while (this.queue.length) this.flush();
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }
}
