import type { ReplyPayload } from './routing';

/**
 * The replies this replica read for requests none of its sockets awaited, kept a few seconds by
 * client id and request id. A socket that moves (its replica stopping in a drain or a roll) sends
 * its requests again from the new replica; the answer to the first send can reach the new replica
 * while the socket is still reconnecting, awaited by nobody yet. Kept here, it answers the re-sent
 * request at once instead of after another round trip through the service.
 *
 * Bounded both ways: an entry lives `ttlMs`, and past `max` entries the oldest go first.
 */
export class RecentReplies {
  private entries = new Map<string, { at: number; payload: ReplyPayload }>();

  constructor(
    private ttlMs = 10_000,
    private max = 10_000,
    private now: () => number = Date.now,
  ) {}

  private static key(clientId: string, requestId: string) {
    return `${clientId}\u0000${requestId}`;
  }

  /** Keeps a reply nobody here awaited. */
  keep(clientId: string, requestId: string, payload: ReplyPayload) {
    const key = RecentReplies.key(clientId, requestId);
    this.entries.delete(key); // re-inserted last: the map's order stays the order of arrival
    this.entries.set(key, { at: this.now(), payload });
    this.expire();
  }

  /** The reply already read for this request of this client, once; undefined when none is kept. */
  take(clientId: string, requestId: string): ReplyPayload | undefined {
    this.expire();
    const key = RecentReplies.key(clientId, requestId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    return entry.payload;
  }

  get size() {
    return this.entries.size;
  }

  private expire() {
    const oldest = this.now() - this.ttlMs;
    for (const [key, entry] of this.entries) {
      if (entry.at > oldest && this.entries.size <= this.max) break;
      this.entries.delete(key);
    }
  }
}
