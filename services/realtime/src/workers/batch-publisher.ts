import type { BusMessage, EventBus } from '@cskh/kit/messaging';

/**
 * Group commit for Kafka publishes: with no send in flight a message goes out at once (same-tick
 * messages together); while sends are in flight (up to `maxInflight`) messages queue and the next
 * send takes them all. Each caller's promise settles with its own message's send.
 */
export class BatchPublisher {
  private queue: Array<{ msg: BusMessage; done: (err?: unknown) => void }> = [];
  private scheduled = false;
  private inflight = 0;

  constructor(
    private bus: EventBus,
    private maxBatch = 500,
    private maxInflight = 2,
  ) {}

  publish(msg: BusMessage): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ msg, done: (err) => (err ? reject(err) : resolve()) });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0 || this.inflight >= this.maxInflight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue.splice(0, this.maxBatch);
      if (batch.length === 0) return;
      this.inflight++;
      this.bus
        .publish(batch.map((b) => b.msg))
        .then(
          () => batch.forEach((b) => b.done()),
          (err) => batch.forEach((b) => b.done(err)),
        )
        .finally(() => {
          this.inflight--;
          this.schedule();
        });
      this.schedule();
    });
  }
}
