import type { Producer } from 'kafkajs';
import type { Logger } from '../observability/log';
import { BusHandler, BusMessage, IDLE_FETCH_WAIT_MS, logicalTopic, withRetries } from './bus-message';
import { createKafkaClient, KafkaBatchConsumer, KafkaClient, KafkaClientName } from './kafka-client';
import { addConsumerLagReader, kafkaConsumed } from '../observability/metrics';
import { consumeInSpan, withTraceHeaders } from '../observability/trace';

/**
 * The event bus every service talks through. Kafka in tests, CI and Kubernetes; an in-process
 * implementation behind the same interface in the embedded run. Keys keep order per entity.
 */

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  /**
   * Kafka names are this prefix + the logical name, for topics and consumer groups alike (see
   * kafkaTopicPrefix). Callers always use logical names; handlers receive logical topics.
   */
  readonly topicPrefix?: string;
  publish(messages: BusMessage[]): Promise<void>;
  /**
   * At-least-once: a message is committed after its handler resolved. A failing handler is
   * retried with back-off, then the message is parked on `<topic>.dlq`.
   */
  subscribe(opts: { groupId: string; topics: string[]; handler: BusHandler; fromBeginning?: boolean }): Promise<Subscription>;
  ensureTopics(topics: string[], partitions?: number): Promise<void>;
  close(): Promise<void>;
}

const RETRIES = 3;

/**
 * `KAFKA_TOPIC_PREFIX` (optional, default none): a namespace for one deployment or one test on a
 * shared Kafka. The bus puts it in front of every topic it publishes to, subscribes to or creates
 * and of every consumer group (the batched consumer too), so that code names topics as declared
 * (`cskh.lookup.requested`, in the protos) and two stacks with different prefixes never cross.
 * Read here, not through a component's config schema, because every component's bus needs it.
 */
export function kafkaTopicPrefix(env: NodeJS.ProcessEnv | Partial<Record<string, string>> = process.env): string {
  const v = (env.KAFKA_TOPIC_PREFIX ?? '').trim();
  if (!/^[A-Za-z0-9._-]*$/.test(v) || v.length > 100)
    throw new Error('Invalid configuration: KAFKA_TOPIC_PREFIX may hold only letters, digits, ".", "_" and "-" (at most 100)');
  return v;
}

/** True when the handler succeeded within RETRIES attempts (with back-off); false = park it on the DLQ. */
async function handledWithRetries(handler: BusHandler, msg: BusMessage, log: Logger): Promise<boolean> {
  const { parked } = await withRetries(async (m) => void (await handler(m)), msg, RETRIES, log);
  return !parked;
}

export class KafkaBus implements EventBus {
  private kafka: KafkaClient;
  private producer: Producer;
  private connected?: Promise<void>;
  private consumers: KafkaBatchConsumer[] = [];
  private known = new Set<string>();

  constructor(
    brokers: string,
    private clientId: string,
    private log: Logger,
    readonly topicPrefix = '',
    /** Default: CSKH_KAFKA_CLIENT (kafkaClientName). */
    client?: KafkaClientName,
  ) {
    // The client logs through ours (structured, per component) instead of the console; what it
    // retries by itself is not an error of ours.
    this.kafka = createKafkaClient({
      clientId,
      brokers,
      client,
      log: (level, message, extra) =>
        level === 'error' ? this.log.warn({ kafka: extra }, `kafka: ${message}`) : this.log.debug({ kafka: extra }, `kafka: ${message}`),
    });
    this.producer = this.kafka.producer();
  }

  private connect() {
    this.connected ??= this.producer.connect();
    return this.connected;
  }

  /**
   * Creates missing topics and waits until every partition has a leader. Several processes may
   * race to create the same topics, and a fresh broker may briefly answer "does not host this
   * topic-partition": both are retried instead of failing the caller.
   */
  async ensureTopics(topics: string[], partitions = 3) {
    const missing = [...new Set(topics.map((t) => this.topicPrefix + t))].filter((t) => !this.known.has(t));
    if (missing.length === 0) return;
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const deadline = Date.now() + 60000;
      for (let attempt = 1; ; attempt++) {
        try {
          const existing = new Set(await admin.listTopics());
          const create = missing.filter((t) => !existing.has(t));
          if (create.length) await admin.createTopics(create, partitions);
          const meta = await admin.topicLeaders(missing);
          const ready = meta.length === missing.length && meta.every((t) => t.leaders.length > 0 && t.leaders.every((l) => l >= 0));
          if (ready) break;
        } catch (err) {
          if (Date.now() > deadline) throw err;
          if ((err as { type?: string }).type !== 'TOPIC_ALREADY_EXISTS') this.log.debug({ err, attempt }, 'topics not ready yet');
        }
        if (Date.now() > deadline) throw new Error(`Kafka topics not ready: ${missing.join(', ')}`);
        await new Promise((r) => setTimeout(r, Math.min(1000, 100 * attempt)));
      }
      missing.forEach((t) => this.known.add(t));
    } finally {
      await admin.disconnect();
    }
  }

  async publish(messages: BusMessage[]) {
    if (messages.length === 0) return;
    await this.connect();
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages.map(withTraceHeaders)) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await this.producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, ms]) => ({
        topic: this.topicPrefix + topic,
        messages: ms.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
      })),
    });
  }

  async subscribe(opts: { groupId: string; topics: string[]; handler: BusHandler; fromBeginning?: boolean }) {
    await this.ensureTopics([...opts.topics, ...opts.topics.map((t) => `${t}.dlq`)]);
    const consumer = this.kafka.consumer({
      groupId: this.topicPrefix + opts.groupId,
      fromBeginning: opts.fromBeginning ?? false,
      maxWaitTimeInMs: IDLE_FETCH_WAIT_MS,
    });
    this.consumers.push(consumer);
    await consumer.start(
      opts.topics.map((t) => this.topicPrefix + t),
      async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        for (const m of batch.messages) {
          if (!isRunning() || isStale()) break;
          const msg: BusMessage = {
            topic: logicalTopic(this.topicPrefix, batch.topic),
            key: m.key?.toString() ?? '',
            value: m.value ?? Buffer.alloc(0),
            headers: Object.fromEntries(Object.entries(m.headers ?? {}).map(([k, v]) => [k, String(v)])),
          };
          const ok = await consumeInSpan(opts.groupId, msg, () => handledWithRetries(opts.handler, msg, this.log));
          if (!ok) await this.publish([{ ...msg, topic: `${msg.topic}.dlq` }]);
          kafkaConsumed.inc({ group: opts.groupId, topic: msg.topic, outcome: ok ? 'handled' : 'dead-lettered' });
          resolveOffset(m.offset);
          await heartbeat();
        }
      },
    );
    const removeLag = addConsumerLagReader((set) => this.readLag(opts.groupId, opts.topics, set));
    return {
      stop: async () => {
        removeLag();
        await consumer.disconnect();
        this.consumers = this.consumers.filter((c) => c !== consumer);
      },
    };
  }

  /** Messages the group is behind the end of each topic, summed over partitions (read at scrape time). */
  private async readLag(groupId: string, topics: string[], set: (labels: Record<string, string>, value: number) => void) {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const prefixed = topics.map((t) => this.topicPrefix + t);
      const committed = await admin.fetchOffsets(this.topicPrefix + groupId, prefixed);
      for (const t of committed) {
        const ends = await admin.fetchTopicOffsets(t.topic);
        const end = new Map(ends.map((p) => [p.partition, Number(p.high)]));
        let lag = 0;
        for (const p of t.partitions) {
          const high = end.get(p.partition) ?? 0;
          const at = Number(p.offset);
          // -1 = nothing committed yet: the whole partition is behind.
          lag += Math.max(0, high - (at < 0 ? 0 : at));
        }
        set({ group: groupId, topic: logicalTopic(this.topicPrefix, t.topic) }, lag);
      }
    } finally {
      await admin.disconnect();
    }
  }

  async close() {
    await Promise.all(this.consumers.map((c) => c.disconnect()));
    if (this.connected) await this.producer.disconnect();
  }
}

/** The embedded run's bus: same contract, one process, asynchronous delivery. */
export class MemoryBus implements EventBus {
  private groups = new Map<string, { topics: Set<string>; handler: BusHandler }>();
  readonly dlq: BusMessage[] = [];
  constructor(private log: Logger) {}
  async ensureTopics() {}
  async publish(messages: BusMessage[]) {
    for (const msg of messages.map(withTraceHeaders))
      for (const [groupId, g] of this.groups)
        if (g.topics.has(msg.topic))
          setImmediate(() => {
            consumeInSpan(groupId, msg, () => handledWithRetries(g.handler, msg, this.log)).then((ok) => {
              if (!ok) this.dlq.push(msg);
            });
          });
  }
  async subscribe(opts: { groupId: string; topics: string[]; handler: BusHandler }) {
    this.groups.set(opts.groupId, { topics: new Set(opts.topics), handler: opts.handler });
    return { stop: async () => void this.groups.delete(opts.groupId) };
  }
  async close() {
    this.groups.clear();
  }
}

let sharedMemoryBus: MemoryBus | undefined;

/**
 * Kafka when brokers are configured, otherwise the process-wide in-memory bus. `topicPrefix`
 * defaults to the process's KAFKA_TOPIC_PREFIX (kafkaTopicPrefix); the in-memory bus needs none.
 */
export function createBus(brokers: string | undefined, clientId: string, log: Logger, topicPrefix?: string): EventBus {
  if (brokers) return new KafkaBus(brokers, clientId, log, topicPrefix ?? kafkaTopicPrefix());
  sharedMemoryBus ??= new MemoryBus(log);
  return sharedMemoryBus;
}
