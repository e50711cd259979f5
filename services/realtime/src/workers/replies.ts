import { randomBytes } from 'node:crypto';
import { Logger } from '@cskh/kit/observability';
import { BatchConsumerHandle, EventBus, startBatchConsumer } from '@cskh/kit/messaging';
import { events_v1_realtime } from '@cskh/proto';
import type { RealtimeConfig } from '../config';
import { replyPayload, ReplyPayload, RouteTable } from '../domain/routing';

const { SocketReply } = events_v1_realtime;

export interface ReplyConsumerDeps {
  config: RealtimeConfig;
  bus: EventBus;
  log: Logger;
  table: RouteTable;
  /** Shows the reply to the socket of this replica awaiting it, if one does (see server.ts). */
  answer(clientId: string, requestId: string, payload: ReplyPayload): void;
}

/**
 * The services' answers: every declared reply topic, read whole by EVERY replica (a consumer group
 * of its own), each answering only the requests its own sockets are waiting for. With one group
 * shared by the replicas, a replica killed kept its partitions until the broker's session timeout
 * (30 s): the answers to the requests its clients re-sent from another replica waited there, and
 * ended in TIMEOUT. A dead replica now holds nothing anyone waits for.
 */
export function startReplyConsumer({ config, bus, log, table, answer }: ReplyConsumerDeps): Promise<BatchConsumerHandle> {
  return startBatchConsumer({
    brokers: config.KAFKA_BROKERS,
    clientId: 'cskh-realtime',
    groupId: `${config.REALTIME_CONSUMER_GROUP}.${randomBytes(6).toString('hex')}`,
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
      const route = table.forReply(msg.topic, r.kind);
      if (!r.request_id || !r.client_id || !route) return;
      answer(r.client_id, r.request_id, replyPayload(route, r));
    },
  });
}
