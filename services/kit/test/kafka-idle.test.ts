import { createLogger } from '@cskh/kit/observability';
import { createBus, EventBus } from '@cskh/kit/messaging';
import { rand } from '@cskh/kit/testing';

/**
 * An idle component must not spin: kafkajs 2.2.4 re-arms its request queue's check every
 * millisecond on every broker connection (kit kafka-idle-fix.ts). Counted, not timed: how often
 * the queue looks for waiting requests while nothing is produced, and that a message published
 * after the idle second is still consumed.
 */
const brokers = process.env.KAFKA_BROKERS;
if (!brokers) throw new Error('needs KAFKA_BROKERS: run through `npm test` or source the infra env');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- kafkajs declares no type for this internal file: required, then cast
const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: { checkPendingRequests(): void } };

describe('an idle Kafka consumer and producer', () => {
  let bus: EventBus;
  afterAll(() => bus?.close());

  it('do not poll their request queues while nothing waits, and still consume what is published afterwards', async () => {
    bus = createBus(brokers, `idle-${rand()}`, createLogger('kafka-idle-test', 'silent'), `idle${rand()}.`);
    const got: string[] = [];
    const topic = 'cskh.test.idle';
    await bus.subscribe({ groupId: 'idle-test', topics: [topic], handler: async (m) => void got.push(m.value.toString()) });
    // The consumer starts at the newest offset once it has joined its group, which subscribe does
    // not wait for: warm-up messages go until one arrives (the producer connects on the way).
    for (let i = 0; i < 60 && got.length === 0; i++) {
      await bus.publish([{ topic, key: 'k', value: Buffer.from(`warm-up-${i}`) }]);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(got.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500)); // the last warm-up's fetch settles before counting

    const proto = RequestQueue.prototype;
    const check = proto.checkPendingRequests;
    let checks = 0;
    proto.checkPendingRequests = function counted(this: unknown) {
      checks++;
      return check.call(this);
    };
    try {
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      proto.checkPendingRequests = check;
    }
    // A long-poll fetch a second and a heartbeat every three complete a few requests (each checks
    // once); the unfixed queue checked about 700 times a second per connection.
    expect(checks).toBeLessThan(40);

    const sentAt = Date.now();
    await bus.publish([{ topic, key: 'k', value: Buffer.from('after-idle') }]);
    while (!got.includes('after-idle') && Date.now() - sentAt < 10_000) await new Promise((r) => setTimeout(r, 5));
    expect(got).toContain('after-idle');
  }, 60_000);
});
