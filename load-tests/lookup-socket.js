// Socket path: virtual users holding Socket.IO connections (lib/socketio.js: Engine.IO v4 framing
// by hand over k6/websockets), each sending lookups and waiting for their replies:
// socket → gateway /socket.io proxy → realtime tier → Kafka → lookup service → carrier → Kafka →
// realtime tier (any replica, Redis adapter) → the same socket.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e USERNAME=admin -e PASSWORD=... load-tests/lookup-socket.js
//   env: VUS, DURATION, PIPELINE (lookups in flight per socket, default 1), REPLY_WAIT_MS, TOKEN,
//        SMOKE=1, SUMMARY_FILE
//        SOCKETS: connections in all (default VUS), spread over the VUs (a VU holds several:
//                 1,000 sockets need not cost 1,000 JavaScript runtimes)
//        RATE:    open model: RATE lookups/s over all sockets, each socket sending on its own clock
//                 (every SOCKETS/RATE s, whatever its replies take); a send whose moment passed by
//                 more than one interval (the load generator fell behind) is counted in
//                 `dropped_sends`, not sent late. Without RATE: closed loop, PIPELINE in flight.
//
// Metrics besides lib.js's: duplicate_replies, connect_errors, connect_duration (WebSocket open →
// Socket.IO connect acknowledged), sockets_connected, lookups_sent, dropped_sends, lost_on_close
// (of lost_replies, those still awaited when their socket closed or failed, not at the wait's end).
// Each lost request id is printed (the first 3 of a socket), to be found in the product's logs.
import { setTimeout, clearTimeout } from 'k6/timers';
import { after } from './lib/timers.js';
import { Counter, Trend } from 'k6/metrics';
import {
  BASE_URL,
  DURATION,
  RATE,
  VUS,
  login,
  lookupDuration,
  lookupErrors,
  lookups,
  lostReplies,
  phoneFor,
  summary,
  summaryTrendStats,
  thresholds,
} from './lib.js';
import { openSocketIo, socketIoUrl } from './lib/socketio.js';

const duplicates = new Counter('duplicate_replies');
const connectErrors = new Counter('connect_errors');
const connectDuration = new Trend('connect_duration', true);
const connected = new Counter('sockets_connected');
const sent = new Counter('lookups_sent');
const droppedSends = new Counter('dropped_sends');
const lostOnClose = new Counter('lost_on_close');

function seconds(d) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(String(d));
  if (!m) return 20;
  const n = Number(m[1]);
  return { ms: n / 1000, s: n, m: n * 60, h: n * 3600 }[m[2] || 's'];
}

const DURATION_S = seconds(DURATION);
const PIPELINE = Math.max(1, Number(__ENV.PIPELINE || 1));
const REPLY_WAIT_MS = Number(__ENV.REPLY_WAIT_MS || 15000);
const EVENT = __ENV.EVENT || 'traCuuSoDuTaiKhoanChinh';
const REPLY_EVENT = EVENT.replace(/^traCuu/, 'traKetQua');
const SOCKETS = Math.max(1, Number(__ENV.SOCKETS || VUS));
const SOCKET_VUS = Math.min(VUS, SOCKETS);
/** Open model: ms between two sends of one socket. */
const INTERVAL_MS = RATE > 0 ? (SOCKETS / RATE) * 1000 : 0;

export const options = {
  scenarios: {
    socket: {
      executor: 'per-vu-iterations',
      vus: SOCKET_VUS,
      iterations: 1,
      maxDuration: `${Math.ceil(DURATION_S + REPLY_WAIT_MS / 1000 + 60)}s`,
      gracefulStop: '10s',
    },
  },
  thresholds: Object.keys(thresholds).length ? { ...thresholds, duplicate_replies: ['count==0'], connect_errors: ['count==0'] } : {},
  summaryTrendStats,
};

export function setup() {
  return { token: login() };
}

export default function (data) {
  // Sockets i = VU-1, VU-1+VUS, … of 0..SOCKETS-1 belong to this VU.
  for (let i = __VU - 1; i < SOCKETS; i += SOCKET_VUS) openSocket(data.token, i);
}

function openSocket(token, index) {
  const clientId = `k6-${index}-${Date.now()}`;
  const pending = new Map(); // requestId → sent at (ms)
  let n = 0;
  let endAt = 0;
  let closed = false;
  let cancelStop = null;
  let sendTimer = null;
  const openedAt = Date.now();

  /** why: 'done' (every reply came), 'wait over' (REPLY_WAIT_MS after the last send), or how the socket ended. */
  const finish = (why) => {
    if (closed) return;
    closed = true;
    if (cancelStop) cancelStop();
    if (sendTimer) clearTimeout(sendTimer);
    if (pending.size) {
      lostReplies.add(pending.size);
      if (why !== 'wait over') lostOnClose.add(pending.size);
      const at = Date.now();
      const ids = [...pending].slice(0, 3).map(([id, sentAt]) => `${id} (sent ${at - sentAt} ms before)`);
      console.warn(`socket ${clientId}: ${pending.size} lost (${why}): ${ids.join(', ')}`);
    }
    pending.clear();
    socket.close();
  };

  const send = () => {
    const requestId = `${clientId}-${n}`;
    const isdn = phoneFor(index + 1, n++);
    pending.set(requestId, Date.now());
    sent.add(1);
    socket.emit(EVENT, { host: 'k6', token, client_id: clientId, data: { isdn, requestId } });
  };

  // Open model: this socket's own clock, one send every INTERVAL_MS from a random phase.
  let nextAt = 0;
  const tick = () => {
    sendTimer = null;
    if (closed) return;
    const now = Date.now();
    while (nextAt <= now && nextAt < endAt) {
      if (now - nextAt > INTERVAL_MS) droppedSends.add(1);
      else send();
      nextAt += INTERVAL_MS;
    }
    if (nextAt < endAt) sendTimer = setTimeout(tick, Math.max(0, nextAt - Date.now()));
    else if (pending.size === 0) finish('done');
  };

  const socket = openSocketIo(
    socketIoUrl(BASE_URL),
    { host: 'k6', token, client_id: clientId },
    {
      onConnect: () => {
        // Connected to the default namespace: go.
        connectDuration.add(Date.now() - openedAt);
        connected.add(1);
        endAt = Date.now() + DURATION_S * 1000;
        // Not k6's setTimeout: it can run this wait's end early (lib/timers.js).
        cancelStop = after(DURATION_S * 1000 + REPLY_WAIT_MS, () => finish('wait over'));
        if (INTERVAL_MS > 0) {
          nextAt = Date.now() + Math.random() * INTERVAL_MS;
          sendTimer = setTimeout(tick, nextAt - Date.now());
        } else {
          for (let i = 0; i < PIPELINE; i++) send();
        }
      },
      onConnectError: () => {
        connectErrors.add(1);
        finish('connect refused');
      },
      onEvent: (event, payload) => {
        if (event !== REPLY_EVENT || !payload) return;
        const sentAt = pending.get(payload.requestId);
        if (sentAt === undefined) {
          duplicates.add(1);
          return;
        }
        pending.delete(payload.requestId);
        lookups.add(1);
        lookupDuration.add(Date.now() - sentAt);
        if (payload.status !== 200) lookupErrors.add(1);
        if (INTERVAL_MS > 0) {
          if (nextAt >= endAt && pending.size === 0) finish('done'); // its last send answered
        } else if (Date.now() < endAt) send();
        else if (pending.size === 0) finish('done');
      },
      onError: (e) => {
        if (!endAt) connectErrors.add(1);
        finish(`socket error: ${e && e.error ? e.error : e}`);
      },
      onClose: (e) => {
        if (!closed) finish(`closed by the server${e && e.code ? ` (${e.code})` : ''}`);
      },
    },
  );
}

export const handleSummary = summary('socket');
