// Proves that the infrastructure `npm test` provides is real: PostgreSQL, Redis and a Kafka
// broker, found only through DATABASE_URL, REDIS_URL and KAFKA_BROKERS.
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { Admin, Kafka, Partitioners, logLevel } from 'kafkajs';
import { settle } from '@cskh/kit/testing';

const need = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests through \`npm test\` (scripts/test.mjs)`);
  return v;
};

const id = randomUUID().slice(0, 8);

/**
 * createTopics({ waitForLeaders: true }) alone is not enough with a KRaft broker: the broker's
 * metadata cache is updated after CreateTopics answers, so kafkajs' leader wait can get
 * UNKNOWN_TOPIC_OR_PARTITION (it only retries LEADER_NOT_AVAILABLE), more often under load.
 * Poll the topic's metadata until every partition has a leader.
 */
async function createTopic(admin: Admin, topic: string, numPartitions = 1): Promise<void> {
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions }], waitForLeaders: true });
  } catch (e) {
    if ((e as { type?: string }).type !== 'UNKNOWN_TOPIC_OR_PARTITION') throw e;
  }
  let lastError: unknown;
  const led = await settle(
    async () => {
      lastError = undefined;
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
        const parts = topics[0]?.partitions ?? [];
        return parts.length === numPartitions && parts.every((p) => p.leader >= 0);
      } catch (e) {
        lastError = e;
        return false;
      }
    },
    Boolean,
    30_000,
  );
  if (!led) throw lastError ?? new Error(`topic ${topic} has no leader after 30 s`);
}

describe('infrastructure', () => {
  test('PostgreSQL: create a table, write and read a row', async () => {
    const client = new Client({ connectionString: need('DATABASE_URL') });
    await client.connect();
    try {
      const schema = `infra_test_${id}`;
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`CREATE TABLE ${schema}.t (id bigint PRIMARY KEY, name text NOT NULL)`);
      await client.query(`INSERT INTO ${schema}.t VALUES ($1, $2)`, [1, 'Nguyễn Văn Ánh']);
      const { rows } = await client.query(`SELECT id, name, lower(name) AS lower FROM ${schema}.t`);
      expect(rows).toEqual([{ id: '1', name: 'Nguyễn Văn Ánh', lower: 'nguyễn văn ánh' }]);
      const enc = await client.query('SHOW server_encoding');
      expect(enc.rows[0].server_encoding).toBe('UTF8');
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  });

  test('Redis: SET and GET', async () => {
    const redis = new Redis(need('REDIS_URL'), { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      const key = `infra-test:${id}`;
      expect(await redis.set(key, 'xin chào', 'EX', 60)).toBe('OK');
      expect(await redis.get(key)).toBe('xin chào');
      await redis.del(key);
    } finally {
      redis.disconnect();
    }
  });

  test('Kafka: create a topic, produce one message, consume it in a consumer group', async () => {
    const kafka = new Kafka({
      clientId: `infra-test-${id}`,
      brokers: need('KAFKA_BROKERS').split(','),
      logLevel: logLevel.WARN,
    });
    const topic = `infra-test-${id}`;
    const admin = kafka.admin();
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    const consumer = kafka.consumer({ groupId: `infra-test-${id}` });
    try {
      await admin.connect();
      const { brokers } = await admin.describeCluster();
      expect(brokers.length).toBe(1);
      await createTopic(admin, topic);

      await producer.connect();
      await producer.send({ topic, messages: [{ key: 'k', value: `hello ${id}` }] });

      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      const received = new Promise<{ key: string; value: string }>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            resolve({ key: String(message.key), value: String(message.value) });
          },
        });
      });
      expect(await received).toEqual({ key: 'k', value: `hello ${id}` });
    } finally {
      await consumer.disconnect().catch(() => {});
      await producer.disconnect().catch(() => {});
      await admin.deleteTopics({ topics: [topic] }).catch(() => {});
      await admin.disconnect().catch(() => {});
    }
  });
});
