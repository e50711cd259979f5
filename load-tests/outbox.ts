// The outbox row of `npm run bench:lookup`: how fast the kit's outbox relay puts a backlog of
// events on Kafka with a given Kafka client. `events` rows are written first (in transactions of
// 100, as services write them beside their changes), then one relay (services/kit
// messaging/outbox.ts, the product's: 200 rows per round, publish, mark sent) drains them; the
// row is the time from its start until no row is pending, and the CPU this process spent meanwhile
// (the relay, its Kafka client and the pg driver) per event.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createLogger } from '@cskh/kit/observability';
import { KafkaBus, KafkaClientName, OutboxRelay, outboxHeadersSql, outboxTableSql } from '@cskh/kit/messaging';
import { cpuMs } from './api';

export interface OutboxFigures {
  events: number;
  seconds: number;
  eventsPerS: number;
  /** CPU µs of this process (relay, Kafka client, pg) per event published. */
  cpuUsPerEvent: number;
}

const BATCH = 100;

export async function outboxRow(opts: {
  databaseUrl: string;
  brokers: string;
  topicPrefix: string;
  client: KafkaClientName;
  events: number;
}): Promise<OutboxFigures> {
  const schema = `bench_outbox_${randomUUID().slice(0, 8)}`;
  const ds = new DataSource({ type: 'postgres', url: opts.databaseUrl, extra: { max: 4 } });
  await ds.initialize();
  const log = createLogger('bench-outbox', 'warn');
  const bus = new KafkaBus(opts.brokers, `bench-outbox-${opts.client}`, log, opts.topicPrefix, opts.client);
  const topic = 'cskh.bench.outbox';
  try {
    await ds.query(`CREATE SCHEMA "${schema}"`);
    await ds.query(outboxTableSql(schema));
    await ds.query(outboxHeadersSql(schema));
    await bus.ensureTopics([topic]);
    // The producer connects before the clock starts, as a running service's has.
    await bus.publish([{ topic, key: 'warm-up', value: Buffer.from('warm-up') }]);
    const payload = Buffer.alloc(200, 1);
    for (let i = 0; i < opts.events; i += BATCH) {
      const n = Math.min(BATCH, opts.events - i);
      await ds.query(
        `INSERT INTO "${schema}".outbox (id, topic, key, payload) SELECT gen_random_uuid(), $1, 'k' || g, $2 FROM generate_series(1, $3) g`,
        [topic, payload, n],
      );
    }
    const pending = async () => Number((await ds.query(`SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL`))[0].n);
    const relay = new OutboxRelay(ds, schema, bus, log, 0);
    const cpu0 = cpuMs('self');
    const t0 = process.hrtime.bigint();
    // The product's relay, flushed back to back (its timer is what waits between idle rounds).
    while ((await pending()) > 0) await relay.flush();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = cpuMs('self') - cpu0;
    return { events: opts.events, seconds, eventsPerS: opts.events / seconds, cpuUsPerEvent: (cpu * 1000) / opts.events };
  } finally {
    await bus.close();
    await ds.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await ds.destroy();
  }
}
