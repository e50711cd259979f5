/**
 * kafkajs 2.2.4, its last release, re-arms a timer of its request queue forever once any request
 * has completed, even with nothing waiting: `scheduleCheckPendingRequests` computes a negative
 * delay when the connection is not throttled, so every broker connection (each consumer, producer
 * and admin) wakes about 700 times a second (tulios/kafkajs#1556; the fix proposed in #1667 was
 * never released). Measured here: one idle consumer 59 → 33 ms of CPU per second with this alone,
 * 12 ms with the kit's 1 s long poll. The check is needed only while requests wait or the broker
 * throttles us; otherwise it is skipped. Loaded by kafka-client.ts when kafkajs is the client.
 */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  scheduleCheckPendingRequests(): void;
}

// kafkajs exports no type for its request queue: the class is reached by its file, as #1667 patches it.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- kafkajs declares no type for this internal file: required, then cast
const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals & { __cskhIdleFix?: true } };

const proto = RequestQueue.prototype;
if (!proto.__cskhIdleFix) {
  const schedule = proto.scheduleCheckPendingRequests;
  proto.scheduleCheckPendingRequests = function scheduleOnlyWhenSomethingWaits(this: RequestQueueInternals) {
    if (this.pending.length === 0 && !(this.throttledUntil > Date.now())) return;
    schedule.call(this);
  };
  proto.__cskhIdleFix = true;
}
