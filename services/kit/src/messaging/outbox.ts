import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { EventBus } from './bus';
import type { Logger } from '../observability/log';
import { traceHeaders } from '../observability/trace';

/**
 * Transactional outbox: a change and the event announcing it are written in one transaction;
 * the relay publishes pending rows to the bus and marks them sent. A crash between the two
 * loses nothing (the relay retries; consumers are idempotent by event id).
 */
export const outboxTableSql = (schema: string) => `
  CREATE TABLE IF NOT EXISTS "${schema}".outbox (
    id uuid PRIMARY KEY,
    topic text NOT NULL,
    key text NOT NULL,
    payload bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS outbox_pending ON "${schema}".outbox (created_at) WHERE published_at IS NULL;`;

/** The trace context of the change, published with its event (a later migration: older outboxes lack it). */
export const outboxHeadersSql = (schema: string) => `ALTER TABLE "${schema}".outbox ADD COLUMN IF NOT EXISTS headers jsonb`;

export async function addToOutbox(em: EntityManager, schema: string, topic: string, key: string, payload: Uint8Array) {
  const headers = traceHeaders();
  await em.query(`INSERT INTO "${schema}".outbox (id, topic, key, payload, headers) VALUES ($1, $2, $3, $4, $5)`, [
    randomUUID(),
    topic,
    key,
    Buffer.from(payload),
    headers.traceparent ? headers : null,
  ]);
}

export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private ds: DataSource,
    private schema: string,
    private bus: EventBus,
    private log: Logger,
    private intervalMs = 500,
  ) {}

  start() {
    const tick = () => {
      if (this.stopped) return;
      this.flush().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
      });
    };
    tick();
  }

  /** Publishes what is pending now; safe to call after a commit to cut latency. */
  flush(): Promise<void> {
    this.running ??= this.relayOnce()
      .catch((err) => this.log.warn({ err }, 'outbox relay failed; will retry'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async relayOnce() {
    await this.ds.transaction(async (em) => {
      const rows: Array<{ id: string; topic: string; key: string; payload: Buffer; headers: Record<string, string> | null }> =
        await em.query(
          `SELECT id, topic, key, payload, headers FROM "${this.schema}".outbox WHERE published_at IS NULL
         ORDER BY created_at LIMIT 200 FOR UPDATE SKIP LOCKED`,
        );
      if (rows.length === 0) return;
      await this.bus.ensureTopics([...new Set(rows.map((r) => r.topic))]);
      await this.bus.publish(rows.map((r) => ({ topic: r.topic, key: r.key, value: r.payload, headers: r.headers ?? undefined })));
      await em.query(`UPDATE "${this.schema}".outbox SET published_at = now() WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
    });
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
