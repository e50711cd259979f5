import type { Server } from 'socket.io';
import { Logger } from '@cskh/kit/observability';
import { BatchConsumerHandle, EventBus, REALTIME_PUSH_TOPIC, startBatchConsumer } from '@cskh/kit/messaging';
import { events_v1_realtime } from '@cskh/proto';
import type { RealtimeConfig } from '../config';
import type { Deduper } from '../domain/dedupe';
import { pushRoom } from '../domain/routing';
import { emitByPriority } from '../domain/masked-emit';

const { RealtimePush } = events_v1_realtime;

export interface PushConsumerDeps {
  config: RealtimeConfig;
  bus: EventBus;
  log: Logger;
  dedupe: Deduper;
  io: Server;
}

/** Pushes from any service (RealtimePush on cskh.realtime.notify): emitted to their room, once per event id, masked by each recipient's priority. */
export function startPushConsumer({ config, bus, log, dedupe, io }: PushConsumerDeps): Promise<BatchConsumerHandle> {
  return startBatchConsumer({
    brokers: config.KAFKA_BROKERS,
    clientId: 'cskh-realtime-notify',
    groupId: `${config.REALTIME_CONSUMER_GROUP}-notify`,
    topics: [REALTIME_PUSH_TOPIC],
    bus,
    log,
    handler: async (msg) => {
      let n: events_v1_realtime.RealtimePush;
      let payload: unknown;
      try {
        n = RealtimePush.decode(msg.value);
        payload = JSON.parse(n.payload_json || 'null');
      } catch (err) {
        log.warn({ err }, 'undecodable push dropped');
        return;
      }
      const to = pushRoom(n.room);
      if (!n.event || !to) return void log.warn({ event: n.event, room: n.room }, 'push without event or valid room dropped');
      if (n.event_id && !(await dedupe.first(`push:${n.event_id}`))) return;
      emitByPriority(io, to, n.event, payload);
    },
  });
}
