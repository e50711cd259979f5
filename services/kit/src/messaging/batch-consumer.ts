import type { EventBus } from './bus';
import { BatchHandler, BusMessage, IDLE_FETCH_WAIT_MS, logicalTopic, withRetries } from './bus-message';
import { createKafkaClient } from './kafka-client';
import { kafkaConsumed } from '../observability/metrics';
import type { Logger } from '../observability/log';
import { consumeInSpan, withTraceHeaders } from '../observability/trace';

/**
 * A consumer for hot paths (lookup requests, lookup replies): the Kafka client's `eachBatch` with the
 * messages of a batch handled concurrently (bounded), each message's outgoing messages published as
 * soon as it is handled (group commit: the outputs of every message done meanwhile share one send),
 * and offsets committed only after the whole batch's are out — at-least-once, like the kit's bus,
 * but without handling one message at a time. Published as each is done, not with the batch: a
 * drain's timeline showed socket lookups sent over 3 s answered in the same millisecond, each
 * batch's replies held by its slowest lookup. Outputs are replies naming their request, so their
 * order across the messages of a batch is not kept. A handler failing RETRIES times parks its
 * message on `<topic>.dlq` and may still return messages to publish (e.g. an error reply), so
 * nothing waits forever.
 *
 * Without Kafka (embedded run) it falls back to the kit bus's subscribe with the same handler.
 * Topics and the group are logical names: the bus's topicPrefix (KAFKA_TOPIC_PREFIX) is applied here too.
 */

export interface BatchConsumerOptions {
  brokers?: string;
  clientId: string;
  groupId: string;
  topics: string[];
  bus: EventBus;
  log: Logger;
  concurrency?: number;
  handler: BatchHandler;
  fromBeginning?: boolean;
  retries?: number;
}

export interface BatchConsumerHandle {
  /** Resolves once the consumer has joined its group (Kafka) or subscribed (memory). */
  ready: Promise<void>;
  /** Partitions this member holds after the last rebalance (Kafka only), by topic. */
  assignment(): Record<string, number[]>;
  /** Messages handled so far. */
  handled(): number;
  stop(): Promise<void>;
}

/**
 * Group commit of one consumer's outputs: what handlers finish in the same turn goes in one send;
 * while a send is in flight, what finishes meanwhile waits for it and goes in the next one.
 */
function groupCommit(bus: EventBus) {
  let queue: Array<{ messages: BusMessage[]; done: (err?: unknown) => void }> = [];
  let sending = false;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (sending || queue.length === 0) return;
    const batch = queue;
    queue = [];
    sending = true;
    bus
      .publish(batch.flatMap((b) => b.messages))
      .then(
        () => batch.forEach((b) => b.done()),
        (err) => batch.forEach((b) => b.done(err)),
      )
      .finally(() => {
        sending = false;
        flush();
      });
  };
  return (messages: BusMessage[]) =>
    messages.length === 0
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          queue.push({ messages, done: (err) => (err ? reject(err) : resolve()) });
          if (!scheduled) {
            scheduled = true;
            setImmediate(flush);
          }
        });
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      out[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return out;
}

export async function startBatchConsumer(opts: BatchConsumerOptions): Promise<BatchConsumerHandle> {
  const retries = opts.retries ?? 3;
  const concurrency = opts.concurrency ?? 32;
  let handled = 0;
  let assignment: Record<string, number[]> = {};
  if (!opts.brokers) {
    const sub = await opts.bus.subscribe({
      groupId: opts.groupId,
      topics: opts.topics,
      fromBeginning: opts.fromBeginning,
      handler: async (msg) => {
        handled++;
        const { out, parked } = await withRetries(opts.handler, msg, retries, opts.log);
        if (out.length) await opts.bus.publish(out);
        if (parked) throw new Error('parked');
      },
    });
    return { ready: Promise.resolve(), assignment: () => ({}), handled: () => handled, stop: () => sub.stop() };
  }

  await opts.bus.ensureTopics([...opts.topics, ...opts.topics.map((t) => `${t}.dlq`)]);
  // Same Kafka names as the bus: its prefix on topics and group; handlers see logical topics.
  const prefix = opts.bus.topicPrefix ?? '';
  const kafka = createKafkaClient({
    clientId: opts.clientId,
    brokers: opts.brokers,
    // The client logs through ours; rebalance chatter (expected when replicas come and go) at debug.
    log: (level, message, extra) => {
      const entry = { message, ...extra };
      const text = `${message} ${String(extra.error ?? '')}`;
      if (/rebalanc|not a member|coordinator/i.test(text)) opts.log.debug({ kafka: entry }, 'kafka');
      else if (level === 'error') opts.log.error({ kafka: entry }, 'kafka');
      else opts.log.warn({ kafka: entry }, 'kafka');
    },
  });
  const publishOutputs = groupCommit(opts.bus);
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  const consumer = kafka.consumer({
    groupId: prefix + opts.groupId,
    fromBeginning: opts.fromBeginning ?? false,
    // The broker answers a fetch as soon as one byte is there (minBytes 1): this bound only sets
    // how often an idle consumer asks again, not how soon a message is seen. 20 ms made an idle
    // realtime process spend ~14 % of a core polling; 1 s (with kafka-idle-fix) costs an idle
    // consumer ~12 ms of CPU a second. The same as the bus's.
    maxWaitTimeInMs: IDLE_FETCH_WAIT_MS,
    sessionTimeout: 30000,
    // A member learns of a rebalance (a replica joining or leaving in a rolling update or a drain)
    // at its next heartbeat after a fetch, and the group consumes nothing until every member has
    // rejoined: up to ~4 s per rebalance with 3-s heartbeats (a socket lookup waits that long),
    // ~2 s with 1 s; a drain's timeline still showed socket lookups waiting 1.2 s for the lookup
    // group to rejoin when the new pod joined it. A heartbeat is a small request: a few a second
    // per member cost the broker nothing.
    heartbeatInterval: 300,
    // Offsets are resolved after the batch's work and outputs are durable; committing them at most
    // every 500 ms saves a round trip per batch (a crash redelivers at most that much, which the
    // consumers here absorb: request ids are idempotent, replies are de-duplicated).
    autoCommitInterval: 500,
    onAssignment: (byKafkaTopic) => {
      assignment = Object.fromEntries(Object.entries(byKafkaTopic).map(([t, ps]) => [logicalTopic(prefix, t), ps]));
      resolveReady();
    },
  });
  await consumer.start(
    opts.topics.map((t) => prefix + t),
    async ({ batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary }) => {
      if (!isRunning() || isStale()) return;
      const msgs: BusMessage[] = batch.messages.map((m) => ({
        topic: logicalTopic(prefix, batch.topic),
        key: m.key?.toString() ?? '',
        value: m.value ?? Buffer.alloc(0),
        headers: Object.fromEntries(Object.entries(m.headers ?? {}).map(([k, v]) => [k, String(v)])),
      }));
      handled += msgs.length;
      // Each message in a span of its producer's trace; its outputs carry that trace on, and go out
      // as soon as it is handled.
      const results = await mapLimit(msgs, concurrency, (m) =>
        consumeInSpan(opts.groupId, m, async () => {
          const r = await withRetries(opts.handler, m, retries, opts.log);
          await publishOutputs(r.out.map(withTraceHeaders));
          return r;
        }),
      );
      const parked = msgs.filter((_, i) => results[i].parked).map((m) => ({ ...m, topic: `${m.topic}.dlq` }));
      if (parked.length) await opts.bus.publish(parked);
      const topic = logicalTopic(prefix, batch.topic);
      kafkaConsumed.inc({ group: opts.groupId, topic, outcome: 'handled' }, msgs.length - parked.length);
      if (parked.length) kafkaConsumed.inc({ group: opts.groupId, topic, outcome: 'dead-lettered' }, parked.length);
      for (const m of batch.messages) resolveOffset(m.offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
    },
    4, // partitions consumed concurrently
  );
  return {
    ready,
    assignment: () => assignment,
    handled: () => handled,
    async stop() {
      await consumer.disconnect();
    },
  };
}
