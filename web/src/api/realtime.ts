/**
 * Realtime socket (spec 1 §1, §7): the client connects to /socket.io (same origin, proxied by the
 * gateway) and announces itself with { host, token, client_id }. Lookups and scan commands are
 * emitted as events carrying { host, token, client_id, data } and answered by matching events.
 * socket.io-client is loaded on demand, so screens that never use the socket do not pay for it.
 */
import type { Socket } from 'socket.io-client';

let socketPromise: Promise<Socket> | null = null;
let clientId = '';
let currentToken = '';

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
  socketPromise = import('socket.io-client').then(({ io }) =>
    io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { host: window.location.host, token, client_id },
      query: { host: window.location.host, client_id },
      reconnectionDelayMax: 30000,
    }),
  );
  return socketPromise;
}

export function disconnectRealtime() {
  const p = socketPromise;
  socketPromise = null;
  currentToken = '';
  p?.then((s) => s.disconnect()).catch(() => undefined);
}

/** Emit an event in the spec's shape { host, token, client_id, data }. */
export async function emitRealtime(event: string, data: unknown) {
  if (!socketPromise) throw new Error('realtime not connected');
  const s = await socketPromise;
  s.emit(event, { host: window.location.host, token: currentToken, client_id: clientId, data });
}

/** Subscribe to an event; returns the unsubscribe function. */
export function onRealtime(event: string, handler: (payload: any) => void): () => void {
  let off = () => {};
  let cancelled = false;
  socketPromise?.then((s) => {
    if (cancelled) return;
    s.on(event, handler);
    off = () => s.off(event, handler);
  });
  return () => {
    cancelled = true;
    off();
  };
}
