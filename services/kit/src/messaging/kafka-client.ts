import { Kafka, logLevel } from 'kafkajs';
import type { EachBatchHandler, Producer } from 'kafkajs';
import { KAFKA_RETRY } from './bus-message';

/**
 * The one place that builds Kafka clients (producer, consumers, admin) for the bus and the batched
 * consumer. Two clients speak the same KafkaJS API: kafkajs (pure JavaScript, no release since
 * 2023, patched by kafka-idle-fix) and @confluentinc/kafka-javascript (librdkafka underneath, its
 * `KafkaJS` layer). `CSKH_KAFKA_CLIENT=kafkajs|confluent` picks one (default kafkajs; the
 * measurement behind the default is in load-tests/README.md, "Kafka client").
 *
 * Where the two differ, the difference is absorbed here: the confluent layer takes its settings in
 * a `kafkaJS` block, `fromBeginning` and `autoCommitInterval` on the consumer instead of in
 * subscribe/run, no compression option per send (none is both clients' default, so the kit sets
 * none), a logger object instead of a logCreator, and it has no consumer events: the assignment comes from librdkafka's rebalance
 * callback; its admin creates topics without waiting for leaders and answers topic metadata as a
 * list (kafkajs: `{ topics }`), hence the kit's own small KafkaAdmin. eachBatch (resolveOffset,
 * heartbeat, isStale, commitOffsetsIfNecessary), sendBatch and the offset reads are the same calls.
 */

export type KafkaClientName = 'kafkajs' | 'confluent';

export function kafkaClientName(env: NodeJS.ProcessEnv | Partial<Record<string, string>> = process.env): KafkaClientName {
  const v = (env.CSKH_KAFKA_CLIENT ?? '').trim() || 'kafkajs';
  if (v !== 'kafkajs' && v !== 'confluent') throw new Error('Invalid configuration: CSKH_KAFKA_CLIENT is kafkajs or confluent');
  return v;
}

/** Where a client's own log lines go, by their level (the client's WARN and ERROR only). */
export type KafkaLogSink = (level: 'error' | 'warn', message: string, extra: Record<string, unknown>) => void;

export interface KafkaConsumerSettings {
  groupId: string;
  fromBeginning: boolean;
  /** How long a fetch waits at the broker when nothing is there. */
  maxWaitTimeInMs: number;
  sessionTimeout?: number;
  heartbeatInterval?: number;
  /** Commit resolved offsets at most this often (ms) instead of after every batch. */
  autoCommitInterval?: number;
  /** The partitions this member holds after each rebalance, by Kafka topic. */
  onAssignment?: (byTopic: Record<string, number[]>) => void;
}

/** A group member consuming batches: joined, subscribed and running once start resolves. */
export interface KafkaBatchConsumer {
  start(topics: string[], eachBatch: EachBatchHandler, partitionsConsumedConcurrently?: number): Promise<void>;
  disconnect(): Promise<void>;
}

/** What the kit asks of a Kafka admin client. */
export interface KafkaAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  listTopics(): Promise<string[]>;
  /** Creates them without waiting for their leaders (topicLeaders says when they have them). */
  createTopics(topics: string[], partitions: number): Promise<void>;
  /** Each topic's partition leaders (-1: none yet). */
  topicLeaders(topics: string[]): Promise<{ topic: string; leaders: number[] }[]>;
  /** The group's committed offset per partition (-1: none yet), by topic. */
  fetchOffsets(groupId: string, topics: string[]): Promise<{ topic: string; partitions: { partition: number; offset: string }[] }[]>;
  /** Each partition's end (high watermark). */
  fetchTopicOffsets(topic: string): Promise<{ partition: number; high: string }[]>;
}

export interface KafkaClient {
  readonly name: KafkaClientName;
  producer(): Producer;
  admin(): KafkaAdmin;
  consumer(settings: KafkaConsumerSettings): KafkaBatchConsumer;
}

export function createKafkaClient(opts: { clientId: string; brokers: string; log: KafkaLogSink; client?: KafkaClientName }): KafkaClient {
  const brokers = opts.brokers.split(',').map((b) => b.trim());
  return (opts.client ?? kafkaClientName()) === 'confluent'
    ? confluentClient(opts.clientId, brokers, opts.log)
    : kafkajsClient(opts.clientId, brokers, opts.log);
}

function kafkajsClient(clientId: string, brokers: string[], log: KafkaLogSink): KafkaClient {
  // Loaded only with this client: it patches kafkajs's idle loop.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a side-effect module loaded only when kafkajs is the client
  require('./kafka-idle-fix');
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }) => {
        const { message, ...rest } = entry;
        log(level <= logLevel.ERROR ? 'error' : 'warn', message, rest);
      },
    retry: KAFKA_RETRY,
  });
  return {
    name: 'kafkajs',
    producer: () => kafka.producer({ allowAutoTopicCreation: false }),
    admin: () => {
      const admin = kafka.admin();
      return {
        connect: () => admin.connect(),
        disconnect: () => admin.disconnect(),
        listTopics: () => admin.listTopics(),
        createTopics: async (topics, partitions) =>
          void (await admin.createTopics({ waitForLeaders: false, topics: topics.map((topic) => ({ topic, numPartitions: partitions })) })),
        topicLeaders: async (topics) =>
          (await admin.fetchTopicMetadata({ topics })).topics.map((t) => ({ topic: t.name, leaders: t.partitions.map((p) => p.leader) })),
        fetchOffsets: (groupId, topics) => admin.fetchOffsets({ groupId, topics }),
        fetchTopicOffsets: (topic) => admin.fetchTopicOffsets(topic),
      };
    },
    consumer(s) {
      const consumer = kafka.consumer({
        groupId: s.groupId,
        allowAutoTopicCreation: false,
        maxWaitTimeInMs: s.maxWaitTimeInMs,
        ...(s.sessionTimeout ? { sessionTimeout: s.sessionTimeout } : {}),
        ...(s.heartbeatInterval ? { heartbeatInterval: s.heartbeatInterval } : {}),
      });
      if (s.onAssignment) {
        const onAssignment = s.onAssignment;
        consumer.on(consumer.events.GROUP_JOIN, (e) => onAssignment((e.payload.memberAssignment ?? {}) as Record<string, number[]>));
      }
      return {
        async start(topics, eachBatch, partitionsConsumedConcurrently) {
          await consumer.connect();
          await consumer.subscribe({ topics, fromBeginning: s.fromBeginning });
          await consumer.run({
            eachBatchAutoResolve: false,
            eachBatch,
            ...(partitionsConsumedConcurrently ? { partitionsConsumedConcurrently } : {}),
            ...(s.autoCommitInterval ? { autoCommitInterval: s.autoCommitInterval } : {}),
          });
        },
        disconnect: () => consumer.disconnect(),
      };
    },
  };
}

/**
 * What the kit calls of @confluentinc/kafka-javascript's KafkaJS layer. Declared here because the
 * package is not a dependency (built on demand by scripts/setup.mjs ensureConfluentKafka): the
 * type check must pass without it.
 */
interface ConfluentLogger {
  info(message: string, extra?: object): void;
  debug(message: string, extra?: object): void;
  warn(message: string, extra?: object): void;
  error(message: string, extra?: object): void;
  namespace(): ConfluentLogger;
  setLogLevel(level: number): void;
}
interface ConfluentAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  listTopics(): Promise<string[]>;
  createTopics(o: { topics: { topic: string; numPartitions: number }[] }): Promise<boolean>;
  fetchTopicMetadata(o: { topics: string[] }): Promise<{ name: string; partitions: { leader: number }[] }[]>;
  fetchOffsets(o: { groupId: string; topics: string[] }): Promise<{ topic: string; partitions: { partition: number; offset: string }[] }[]>;
  fetchTopicOffsets(topic: string): Promise<{ partition: number; high: string }[]>;
}
interface ConfluentConsumer {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  subscribe(o: { topics: string[] }): Promise<void>;
  run(o: { eachBatchAutoResolve: boolean; eachBatch: unknown; partitionsConsumedConcurrently?: number }): Promise<void>;
}
interface ConfluentModule {
  KafkaJS: {
    Kafka: new (config: { kafkaJS: object }) => {
      producer(config: { kafkaJS: object }): unknown;
      admin(): ConfluentAdmin;
      consumer(config: { kafkaJS: object; rebalance_cb?: unknown }): ConfluentConsumer;
    };
    logLevel: { WARN: number };
  };
  CODES: { ERRORS: { ERR__ASSIGN_PARTITIONS: number } };
}

function confluentClient(clientId: string, brokers: string[], log: KafkaLogSink): KafkaClient {
  // Loaded only with this client: a native addon (librdkafka) that a kafkajs process never needs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the native addon is loaded only when it is the client
  const { KafkaJS, CODES } = require('@confluentinc/kafka-javascript') as ConfluentModule;
  const logger: ConfluentLogger = {
    info: () => {},
    debug: () => {},
    warn: (message, extra) => log('warn', message, { ...extra }),
    error: (message, extra) => log('error', message, { ...extra }),
    namespace: () => logger,
    setLogLevel: () => {},
  };
  const kafka = new KafkaJS.Kafka({
    kafkaJS: {
      clientId,
      brokers,
      logLevel: KafkaJS.logLevel.WARN,
      logger,
      retry: KAFKA_RETRY,
    },
  });
  return {
    name: 'confluent',
    // Both declare the KafkaJS API this kit calls; the kit types it by kafkajs's declarations.
    producer: () => kafka.producer({ kafkaJS: { allowAutoTopicCreation: false } }) as unknown as Producer,
    admin: () => {
      const admin = kafka.admin();
      return {
        connect: () => admin.connect(),
        disconnect: () => admin.disconnect(),
        listTopics: () => admin.listTopics(),
        createTopics: async (topics, partitions) =>
          void (await admin.createTopics({ topics: topics.map((topic) => ({ topic, numPartitions: partitions })) })),
        topicLeaders: async (topics) =>
          (await admin.fetchTopicMetadata({ topics })).map((t) => ({ topic: t.name, leaders: t.partitions.map((p) => p.leader) })),
        fetchOffsets: (groupId, topics) => admin.fetchOffsets({ groupId, topics }),
        fetchTopicOffsets: (topic) => admin.fetchTopicOffsets(topic),
      };
    },
    consumer(s) {
      const consumer = kafka.consumer({
        kafkaJS: {
          groupId: s.groupId,
          fromBeginning: s.fromBeginning,
          allowAutoTopicCreation: false,
          maxWaitTimeInMs: s.maxWaitTimeInMs,
          ...(s.sessionTimeout ? { sessionTimeout: s.sessionTimeout } : {}),
          ...(s.heartbeatInterval ? { heartbeatInterval: s.heartbeatInterval } : {}),
          ...(s.autoCommitInterval ? { autoCommitInterval: s.autoCommitInterval } : {}),
        },
        ...(s.onAssignment
          ? {
              rebalance_cb: (err: { code: number }, assignment: { topic: string; partition: number }[]) => {
                if (err.code !== CODES.ERRORS.ERR__ASSIGN_PARTITIONS) return;
                const byTopic: Record<string, number[]> = {};
                for (const a of assignment) (byTopic[a.topic] ??= []).push(a.partition);
                s.onAssignment?.(byTopic);
              },
            }
          : {}),
      });
      return {
        async start(topics, eachBatch, partitionsConsumedConcurrently) {
          await consumer.connect();
          await consumer.subscribe({ topics });
          await consumer.run({
            eachBatchAutoResolve: false,
            eachBatch,
            ...(partitionsConsumedConcurrently ? { partitionsConsumedConcurrently } : {}),
          });
        },
        disconnect: () => consumer.disconnect(),
      };
    },
  };
}
