import { Logger } from '@cskh/kit/observability';
import { BatchConsumerHandle, EventBus, SocketRoute, startBatchConsumer } from '@cskh/kit/messaging';
import { events_v1_realtime } from '@cskh/proto';
import type { RealtimeConfig } from '../config';
import type { Deduper } from '../domain/dedupe';
import { replyPayload, ReplyPayload, RouteTable } from '../domain/routing';

const { SocketReply } = events_v1_realtime;

export interface ReplyConsumerDeps {
  config: RealtimeConfig;
  bus: EventBus;
  log: Logger;
  table: RouteTable;
  dedupe: Deduper;
  /** Ends this replica's wait for the request (its timeout and in-flight count), if it has one. */
  settle(requestId: string): void;
  emitReply(clientId: string, route: SocketRoute, payload: ReplyPayload): void;
}

/**
 * The services' answers: every declared reply topic, one consumer group across replicas. A reply
 * goes to room `client:<client_id>` (the Redis adapter delivers it to whichever replica holds the
 * socket), once per request id however often Kafka delivers it.
 */
export function startReplyConsumer({
  config,
  bus,
  log,
  table,
  dedupe,
  settle,
  emitReply,
}: ReplyConsumerDeps): Promise<BatchConsumerHandle> {
  return startBatchConsumer({
    brokers: config.KAFKA_BROKERS,
    clientId: 'cskh-realtime',
    groupId: config.REALTIME_CONSUMER_GROUP,
    topics: table.replyTopics,
    bus,
    log,
    concurrency: 64,
    handler: async (msg) => {
      let r: events_v1_realtime.SocketReply;
      try {
        r = SocketReply.decode(msg.value);
      } catch (err) {
        log.warn({ err, topic: msg.topic }, 'undecodable socket reply dropped');
        return;
      }
      settle(r.request_id);
      const route = table.forReply(msg.topic, r.kind);
      if (!r.request_id || !r.client_id || !route) return;
      if (!(await dedupe.first(r.request_id))) return;
      emitReply(r.client_id, route, replyPayload(route, r));
    },
  });
}
