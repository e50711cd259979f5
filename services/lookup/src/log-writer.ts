import type { DataSource } from 'typeorm';
import type { Logger } from '@cskh/kit';

export interface NewLogRow {
  so_dien_thoai: string;
  ten_tra_cuu: string;
  noi_dung: string;
  username: string;
  full_name: string;
  request_id?: string | null;
  created_at?: Date;
}

/**
 * Writes lookup-log rows in small batches: concurrent lookups share one INSERT, and each caller
 * still waits until its own row is durable (so an answer is never sent before its log row).
 * A row with a request id is written once however often its request is redelivered.
 */
export class LogWriter {
  private queue: Array<{ row: NewLogRow; done: (err?: unknown) => void }> = [];
  private timer?: NodeJS.Timeout;
  private inflight = new Set<Promise<void>>();

  constructor(private ds: DataSource, private log: Logger, private maxBatch = 200, private delayMs = 5) {}

  write(row: NewLogRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, done: (err) => (err ? reject(err) : resolve()) });
      if (this.queue.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
    });
  }

  writeMany(rows: NewLogRow[]): Promise<void> {
    return Promise.all(rows.map((r) => this.write(r))).then(() => undefined);
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    const p = this.insert(batch.map((b) => b.row)).then(
      () => batch.forEach((b) => b.done()),
      (err) => {
        this.log.error({ err, rows: batch.length }, 'lookup log insert failed');
        batch.forEach((b) => b.done(err));
      },
    );
    this.inflight.add(p);
    p.finally(() => this.inflight.delete(p));
    if (this.queue.length) this.timer = setTimeout(() => this.flush(), 0);
  }

  private async insert(rows: NewLogRow[]) {
    const params: unknown[] = [];
    const tuples = rows.map((r) => {
      const base = params.length;
      params.push(r.so_dien_thoai, r.ten_tra_cuu, r.noi_dung, r.username, r.full_name, r.request_id ?? null, r.created_at ?? new Date());
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7})`;
    });
    await this.ds.query(
      `INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, request_id, created_at)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (request_id) WHERE request_id IS NOT NULL DO NOTHING`,
      params,
    );
  }

  /** Flushes what is queued and waits for in-flight inserts. */
  async close() {
    while (this.queue.length) this.flush();
    await Promise.allSettled([...this.inflight]);
  }
}
