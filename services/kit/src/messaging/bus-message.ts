import type { Logger } from '../observability/log';

/**
 * What travels on the bus and what both consumers (the bus's one-at-a-time subscribe and the
 * batched consumer) share: the message shape, logical topic names and the retry rule.
 */
export interface BusMessage {
  topic: string;
  key: string;
  value: Buffer;
  headers?: Record<string, string>;
}

export type BusHandler = (msg: BusMessage) => Promise<void>;

/** A batched handler: the messages to publish after it (e.g. a reply), or nothing. */
export type BatchHandler = (msg: BusMessage, attempt: { final: boolean }) => Promise<BusMessage[] | void>;

/** How long a fetch waits at the broker when nothing is there (see the consumer's options). */
export const IDLE_FETCH_WAIT_MS = 1000;

/**
 * How every Kafka client of ours (producer, consumers, admin) retries a broker it cannot reach:
 * each wait at most 1 s, for about 28 s in all. kafkajs's default doubles its wait up to 30 s: a
 * broker stopped for 13.6 s was tried again only ~25 s after the outage began, so socket requests
 * made meanwhile ended in TIMEOUT at 20 s although the broker was back 6 s before their deadline.
 * Capped, a client finds the broker within a second of its return.
 */
export const KAFKA_RETRY = { retries: 30, initialRetryTime: 200, maxRetryTime: 1000 };

/** The logical topic of a Kafka topic under `prefix` (the topic itself when it lacks the prefix). */
export const logicalTopic = (prefix: string, topic: string) => (prefix && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic);

export async function withRetries(
  handler: BatchHandler,
  msg: BusMessage,
  retries: number,
  log: Logger,
): Promise<{ out: BusMessage[]; parked: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const final = attempt >= retries;
    try {
      const out = (await handler(msg, { final })) ?? [];
      return { out, parked: false };
    } catch (err) {
      if (final) {
        log.error({ err, topic: msg.topic, key: msg.key }, 'handler failed; parking message on DLQ');
        return { out: [], parked: true };
      }
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
  }
}
