import type { Server } from 'socket.io';
import { maskEveryString, phoneMaskedFor } from '@cskh/kit';

/**
 * Masking for everything the realtime tier emits (socket replies and pushes from any service),
 * in one place, by each recipient's priority (spec 1 §9: '****' + the last 5 digits for priority 3
 * and above, in every string; kit `maskEveryString`, the same `maskPhonesInText` as the gateway's
 * replies). A socket the rule covers joins the masked twin of each of its rooms and MASKED_ROOM;
 * each emit sends the payload as it is to the room minus MASKED_ROOM and the masked payload to the
 * twin. Works across replicas (the Redis adapter carries rooms and exceptions alike).
 */
export const MASKED_ROOM = 'phones:masked';
export const maskedTwin = (room: string) => `masked:${room}`;

/** The rooms a socket joins: its own, plus their masked twins when the rule covers its priority. */
export function roomsToJoin(priority: number, rooms: readonly string[]): string[] {
  return phoneMaskedFor(priority) ? [...rooms, MASKED_ROOM, ...rooms.map(maskedTwin)] : [...rooms];
}

/** The payload as a recipient of the masked rooms may see it; `keep` names top-level fields left as they are. */
export const maskedPayload = <T>(payload: T, keep: readonly string[] = []): T =>
  maskEveryString(payload, { priority: 3, username: '' }, keep);

/**
 * Emits `event` to a room (or to everyone): as it is to the sockets below priority 3, masked to the
 * others. `keep`: a socket reply's match field (the caller's own query, echoed for the browser to
 * match the answer by; e.g. the last 9 digits the caller typed).
 */
export function emitByPriority(
  io: Server,
  to: { room: string } | { all: true },
  event: string,
  payload: unknown,
  keep: readonly string[] = [],
) {
  const masked = maskedPayload(payload, keep);
  if ('all' in to) {
    io.except(MASKED_ROOM).emit(event, payload);
    io.to(MASKED_ROOM).emit(event, masked);
  } else {
    io.to(to.room).except(MASKED_ROOM).emit(event, payload);
    io.to(maskedTwin(to.room)).emit(event, masked);
  }
}
