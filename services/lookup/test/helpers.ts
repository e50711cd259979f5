import { Kafka, logLevel, Consumer } from 'kafkajs';
import { Identity } from '@cskh/kit';
import { settle } from '@cskh/kit/testing';
import { dropDatabase, freshDatabaseUrl, isolatedTopicPrefix, rand } from '../../../scripts/testing';

/** A database of its own for one test file (dropped by dropDatabase). */
export const testDatabaseUrl = (prefix = 'lookup_test') => freshDatabaseUrl(prefix);
export { dropDatabase, isolatedTopicPrefix, rand };

/**
 * The lookup service's environment in tests: real infra, the given carrier, and its Kafka topics
 * (as declared in lookup.proto) under a prefix of its own (isolatedTopicPrefix).
 */
export function lookupServiceEnv(dbUrl: string, carrierUrl: string, topicPrefix: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS,
    GRPC_PORT: '0',
    MIGRATE_ON_START: 'true',
    CARRIER_URL: carrierUrl,
    CARRIER_USERNAME: 'carrier',
    CARRIER_PASSWORD: 'secret',
    CARRIER_TIMEOUT_MS: '700',
    INFO_WINDOW: '00:00-24:00',
    KAFKA_TOPIC_PREFIX: topicPrefix,
    SHUTDOWN_GRACE_MS: '1000',
    ...extra,
  };
}

export const identity = (over: Partial<Identity> = {}): Identity => ({
  userId: `u-${over.username ?? 'tester'}`,
  username: 'tester',
  fullname: 'Người Thử',
  roleName: 'Quản trị',
  priority: 1,
  brandId: '',
  permissions: ['lookup.balance', 'lookup.package', 'lookup.info', 'history.999', 'history.9084', 'lstracuu'],
  jti: rand(),
  exp: Math.floor(Date.now() / 1000) + 3600,
  ...over,
});

/** Collects every message of some topics (own group, from the beginning). */
export async function collect(brokers: string, topics: string[]) {
  const kafka = new Kafka({ clientId: `test-${rand()}`, brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const consumer: Consumer = kafka.consumer({ groupId: `test-collect-${rand()}`, maxWaitTimeInMs: 50 });
  const got: Array<{ topic: string; key: string; value: Buffer }> = [];
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  let joined!: () => void;
  const ready = new Promise<void>((r) => (joined = r));
  consumer.on(consumer.events.GROUP_JOIN, () => joined());
  await consumer.run({
    eachMessage: async ({ topic, message }) => {
      got.push({ topic, key: message.key?.toString() ?? '', value: message.value ?? Buffer.alloc(0) });
    },
  });
  await ready;
  return {
    messages: got,
    async waitFor<T>(pick: () => T | undefined, timeoutMs = 20000): Promise<T> {
      const v = await settle(pick, (x) => x !== undefined, timeoutMs, 50);
      if (v === undefined) throw new Error('timed out waiting for a Kafka message');
      return v;
    },
    stop: () => consumer.disconnect(),
  };
}

export async function producer(brokers: string) {
  const kafka = new Kafka({ clientId: `test-${rand()}`, brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const p = kafka.producer();
  await p.connect();
  return {
    send: (topic: string, key: string, value: Buffer) => p.send({ topic, messages: [{ key, value }] }),
    stop: () => p.disconnect(),
  };
}
