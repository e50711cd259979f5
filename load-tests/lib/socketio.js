// Socket.IO for k6 scripts: k6 has no Socket.IO client, so the Engine.IO v4 / Socket.IO v5 framing
// (text packets, default namespace) is spoken by hand over k6/websockets — here, once, for the
// bench (load-tests/lookup-socket.js) and the chaos run (scripts/chaos/k6/socket-lookups.js).
import { WebSocket } from 'k6/websockets';

/** The WebSocket address of the gateway's /socket.io for an http(s) base URL. */
export function socketIoUrl(baseUrl) {
  return `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
}

/**
 * Opens one Socket.IO connection: answers Engine.IO pings, sends the namespace connect packet
 * with `auth` once Engine.IO is open, and calls the handlers given (each optional):
 *   onConnect()              the namespace accepted the connection (packet 40)
 *   onConnectError()         it refused it (packet 44)
 *   onEvent(event, payload)  an event packet (42) whose JSON parses
 *   onError(e), onClose(e)   the WebSocket's own (k6's error and close events)
 * Returns `emit(event, payload)` and `close()` (which ignores a socket already gone).
 */
export function openSocketIo(url, auth, handlers) {
  const ws = new WebSocket(url);
  ws.onmessage = (e) => {
    const msg = String(e.data);
    if (msg === '2') return ws.send('3'); // Engine.IO ping → pong
    if (msg[0] === '0') return ws.send(`40${JSON.stringify(auth)}`); // Engine.IO open → Socket.IO connect
    if (msg.startsWith('40')) return handlers.onConnect && handlers.onConnect();
    if (msg.startsWith('44')) return handlers.onConnectError && handlers.onConnectError();
    if (!msg.startsWith('42')) return;
    let event;
    let payload;
    try {
      [event, payload] = JSON.parse(msg.slice(2));
    } catch (_) {
      return;
    }
    if (handlers.onEvent) handlers.onEvent(event, payload);
  };
  ws.onerror = (e) => handlers.onError && handlers.onError(e);
  ws.onclose = (e) => handlers.onClose && handlers.onClose(e);
  return {
    emit: (event, payload) => ws.send(`42${JSON.stringify([event, payload])}`),
    close: () => {
      try {
        ws.close();
      } catch (_) {
        /* gone */
      }
    },
  };
}
