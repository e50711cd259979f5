// Socket path: virtual users holding Socket.IO connections (Engine.IO v4 framing by hand over
// k6/websockets), each sending lookups and waiting for their replies:
// socket → gateway /socket.io proxy → realtime tier → Kafka → lookup service → carrier → Kafka →
// realtime tier (any replica, Redis adapter) → the same socket.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e USERNAME=admin -e PASSWORD=... load-tests/lookup-socket.js
//   env: VUS, DURATION, PIPELINE (lookups in flight per socket, default 1), REPLY_WAIT_MS, TOKEN,
//        SMOKE=1, SUMMARY_FILE
import { WebSocket } from 'k6/websockets';
import { setTimeout, clearTimeout } from 'k6/timers';
import { Counter } from 'k6/metrics';
import { BASE_URL, DURATION, VUS, login, lookupDuration, lookupErrors, lookups, lostReplies, phoneFor, summary, summaryTrendStats, thresholds } from './lib.js';

const duplicates = new Counter('duplicate_replies');
const connectErrors = new Counter('connect_errors');

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

export const options = {
  scenarios: {
    socket: {
      executor: 'per-vu-iterations',
      vus: VUS,
      iterations: 1,
      maxDuration: `${Math.ceil(DURATION_S + REPLY_WAIT_MS / 1000 + 30)}s`,
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
  const token = data.token;
  const clientId = `k6-${__VU}-${Date.now()}`;
  const url = `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const pending = new Map(); // requestId → sent at (ms)
  let n = 0;
  let endAt = 0;
  let closed = false;
  let stopTimer = null;
  const ws = new WebSocket(url);

  const finish = () => {
    if (closed) return;
    closed = true;
    if (stopTimer) clearTimeout(stopTimer);
    if (pending.size) lostReplies.add(pending.size);
    pending.clear();
    ws.close();
  };

  const send = () => {
    const requestId = `${clientId}-${n}`;
    const isdn = phoneFor(__VU, n++);
    pending.set(requestId, Date.now());
    ws.send(`42${JSON.stringify([EVENT, { host: 'k6', token, client_id: clientId, data: { isdn, requestId } }])}`);
  };

  ws.onmessage = (e) => {
    const msg = String(e.data);
    if (msg === '2') return ws.send('3'); // Engine.IO ping → pong
    if (msg[0] === '0') return ws.send(`40${JSON.stringify({ host: 'k6', token, client_id: clientId })}`); // open → connect
    if (msg.startsWith('40')) {
      // Connected to the default namespace: go.
      endAt = Date.now() + DURATION_S * 1000;
      stopTimer = setTimeout(finish, DURATION_S * 1000 + REPLY_WAIT_MS);
      for (let i = 0; i < PIPELINE; i++) send();
      return;
    }
    if (msg.startsWith('44')) {
      connectErrors.add(1);
      return finish();
    }
    if (!msg.startsWith('42')) return;
    let event;
    let payload;
    try {
      [event, payload] = JSON.parse(msg.slice(2));
    } catch (_) {
      return;
    }
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
    if (Date.now() < endAt) send();
    else if (pending.size === 0) finish();
  };
  ws.onerror = () => {
    if (!endAt) connectErrors.add(1);
    finish();
  };
  ws.onclose = () => {
    if (!closed) finish();
  };
}

export const handleSummary = summary('socket');
