/**
 * Realtime socket (spec 1 §1, §7): the client connects to /socket.io (same origin, proxied by the
 * gateway) and announces itself with { host, token, client_id }. Lookups and scan commands are
 * emitted as events carrying { host, token, client_id, data } and answered by matching events.
 * socket.io-client is loaded on demand, so screens that never use the socket do not pay for it.
 *
 * Socket.IO reconnects by itself (exponential back-off up to 30 s). Subscriptions made with
 * `onRealtime` / `onSocket` survive a replaced socket (new token): they are attached to every
 * socket this module creates. Lookups with a reply (request → `traKetQua…`) live in ./lookups.ts.
 */
import type { Socket } from 'socket.io-client';
import type { PushPayloads } from './gen/pushes';

let socketPromise: Promise<Socket> | null = null;
let clientId = '';
let currentToken = '';

type Attach = (s: Socket) => () => void;
/** Subscribers attached to every socket; each returns its own detach function. */
const subscribers = new Set<Attach>();
const detachers = new Map<Attach, () => void>();

export function realtimeClientId(username: string): string {
  if (!clientId) {
    let tabId = '';
    try {
      tabId = sessionStorage.getItem('clientTabId') || '';
      if (!tabId) {
        tabId = Math.random().toString(36).slice(2, 10);
        sessionStorage.setItem('clientTabId', tabId);
      }
    } catch {
      tabId = Math.random().toString(36).slice(2, 10);
    }
    clientId = `${username}_${tabId}`;
  }
  return clientId;
}

export function connectRealtime(token: string, username: string): Promise<Socket> {
  if (socketPromise && token === currentToken) return socketPromise;
  disconnectRealtime();
  currentToken = token;
  const client_id = realtimeClientId(username);
  const p = import('socket.io-client').then(({ io }) => {
    const s = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { host: window.location.host, token, client_id },
      query: { host: window.location.host, client_id },
      reconnectionDelayMax: 30000,
    });
    // Replaced before it was even created (logout, new token): nobody listens to this one.
    if (socketPromise === p) for (const attach of subscribers) detachers.set(attach, attach(s));
    return s;
  });
  socketPromise = p;
  return p;
}

export function disconnectRealtime() {
  const p = socketPromise;
  socketPromise = null;
  currentToken = '';
  for (const [attach, detach] of detachers) {
    detach();
    detachers.delete(attach);
  }
  p?.then((s) => s.disconnect()).catch(() => undefined);
}

/** The current socket, if one was started (it may still be connecting). */
export function currentSocket(): Promise<Socket> | null {
  return socketPromise;
}

/** The fields every event carries besides its data. */
export function envelope(data: unknown) {
  return { host: window.location.host, token: currentToken, client_id: clientId, data };
}

/** Emit an event in the spec's shape { host, token, client_id, data }. */
export async function emitRealtime(event: string, data: unknown) {
  if (!socketPromise) throw new Error('realtime not connected');
  const s = await socketPromise;
  s.emit(event, envelope(data));
}

/**
 * Attach to the current socket and to every later one (a new login replaces the socket).
 * `attach` returns its own detach function. Returns the unsubscribe function.
 */
export function onSocket(attach: Attach): () => void {
  subscribers.add(attach);
  const p = socketPromise;
  p?.then((s) => {
    if (socketPromise === p && subscribers.has(attach) && !detachers.has(attach)) detachers.set(attach, attach(s));
  });
  return () => {
    subscribers.delete(attach);
    detachers.get(attach)?.();
    detachers.delete(attach);
  };
}

/**
 * Subscribe to an event (on this and later sockets), e.g. a socket command's reply event (its
 * payload as the caller knows it); returns the unsubscribe function.
 */
export function onRealtime<T = unknown>(event: string, handler: (payload: T) => void): () => void {
  return onSocket((s) => {
    s.on(event, handler);
    return () => s.off(event, handler);
  });
}

/**
 * Subscribe to a pushed event declared in the protos (`PUSHES` of ./gen/pushes.ts), its payload
 * typed by its declaration; returns the unsubscribe function.
 */
export const onPush = <E extends keyof PushPayloads>(event: E, handler: (payload: PushPayloads[E]) => void) =>
  onRealtime<PushPayloads[E]>(event, handler);
