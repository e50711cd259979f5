// Chaos load, socket path: virtual users each hold a Socket.IO connection (the bench's Engine.IO v4
// framing, load-tests/lib/socketio.js) and keep PIPELINE lookups in flight.
// Unlike the bench script, a client here behaves like the browser under failure:
//   - a connection that drops is re-opened (back-off 250 ms doubling to 2 s) and the time from the
//     drop to the namespace being connected again is measured (reconnect_ms);
//   - lookups still waiting when the connection dropped are sent again as soon as it is back, with
//     the same request id (web/src/api/lookups.ts does the same): the replica the socket reaches
//     answers it, and the lookup logs it once; `resent_answer_ms` is the time from that re-send to
//     the answer (the target: within 2 s);
//   - a second answer to the same request id is a duplicate (must be 0).
// At the end, every logical lookup still waiting after REPLY_WAIT_MS is lost (must be 0): the
// realtime tier answers a request it cannot complete with a timeout error after REPLY_TIMEOUT_MS.
//
// env: BASE_URL, TOKEN, VUS, DURATION (s), PIPELINE, REPLY_WAIT_MS, SUMMARY_FILE, TAG
import { setTimeout } from 'k6/timers';
import { after } from '../../../load-tests/lib/timers.js';
import { Counter, Trend } from 'k6/metrics';
import { openSocketIo, socketIoUrl } from '../../../load-tests/lib/socketio.js';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const TOKEN = __ENV.TOKEN;
const VUS = Number(__ENV.VUS || 10);
const DURATION_S = Number(__ENV.DURATION || 30);
const PIPELINE = Math.max(1, Number(__ENV.PIPELINE || 1));
const REPLY_WAIT_MS = Number(__ENV.REPLY_WAIT_MS || 40000);
const TAG = __ENV.TAG || 'chaos';
const EVENT = 'traCuuSoDuTaiKhoanChinh';
const REPLY_EVENT = 'traKetQuaSoDuTaiKhoanChinh';
const CODES = ['UNAVAILABLE', 'TIMEOUT', 'INTERNAL', 'RATE_LIMITED', 'UNAUTHORIZED', 'VALIDATION', 'OTHER'];

const sent = new Counter('lookups_sent'); // logical lookups
const answeredOk = new Counter('answered_ok');
const answeredError = new Counter('answered_error');
const errorCodes = new Counter('answer_errors'); // tagged by code
const lost = new Counter('lost');
const duplicates = new Counter('duplicate_replies'); // a second answer to the same request id
const resent = new Counter('resent');
const resentAnswerMs = new Trend('resent_answer_ms', true);
const drops = new Counter('connection_drops');
const reconnects = new Counter('reconnects');
const reconnectMs = new Trend('reconnect_ms', true);
const latency = new Trend('lookup_duration', true);
const connectErrors = new Counter('connect_errors');

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
  // Declared so that the summary carries one figure per error code.
  thresholds: Object.fromEntries(CODES.map((c) => [`answer_errors{code:${c}}`, ['count>=0']])),
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max'],
};

export default function () {
  const clientId = `${TAG}-${__VU}-${Date.now()}`;
  const url = socketIoUrl(BASE_URL);
  const logical = new Map(); // request id → { sentAt, settled, isdn, resentAt }
  const answeredIds = new Set();
  let n = 0;
  const endAt = Date.now() + DURATION_S * 1000;
  const hardEnd = endAt + REPLY_WAIT_MS;
  let finished = false;
  let socket = null;
  let connected = false;
  let droppedAt = 0;
  let backoff = 250;
  let cancelHardEnd = null;

  const waiting = () => [...logical.values()].filter((l) => !l.settled);

  const finish = () => {
    if (finished) return;
    finished = true;
    if (cancelHardEnd) cancelHardEnd();
    const left = waiting().length;
    if (left) lost.add(left);
    if (socket) socket.close();
  };

  const emit = (requestId, isdn) => {
    socket.emit(EVENT, { host: 'k6-chaos', token: TOKEN, client_id: clientId, data: { isdn, requestId } });
  };

  const sendNew = () => {
    const id = `${clientId}-${n}`;
    const isdn = `09${String((__VU * 7919 + n * 104729) % 100000000).padStart(8, '0')}`;
    n++;
    logical.set(id, { sentAt: Date.now(), settled: false, isdn, resentAt: 0 });
    sent.add(1);
    emit(id, isdn);
  };

  const maybeDone = () => {
    if (Date.now() >= endAt && waiting().length === 0) finish();
  };

  const open = () => {
    if (finished) return;
    let gone = false;
    const onGone = () => {
      if (gone || finished) return;
      gone = true;
      if (connected) {
        drops.add(1);
        droppedAt = Date.now();
      } else if (!droppedAt) {
        droppedAt = Date.now();
      }
      connected = false;
      if (Date.now() >= hardEnd) return finish();
      const wait = backoff;
      backoff = Math.min(2000, backoff * 2);
      setTimeout(open, wait);
    };
    const sock = openSocketIo(
      url,
      { host: 'k6-chaos', token: TOKEN, client_id: clientId },
      {
        onConnect: () => {
          connected = true;
          backoff = 250;
          if (droppedAt) {
            reconnects.add(1);
            reconnectMs.add(Date.now() - droppedAt);
            droppedAt = 0;
            // Send again, at once and with its id, every lookup still waiting.
            for (const [id, l] of logical) {
              if (l.settled) continue;
              l.resentAt = Date.now();
              resent.add(1);
              emit(id, l.isdn);
            }
          }
          const inFlight = waiting().length;
          for (let i = inFlight; i < PIPELINE && Date.now() < endAt; i++) sendNew();
        },
        // A refused handshake: the close that follows re-opens.
        onConnectError: () => connectErrors.add(1),
        onEvent: (event, payload) => {
          if (event !== REPLY_EVENT || !payload || typeof payload.requestId !== 'string') return;
          const rid = payload.requestId;
          if (answeredIds.has(rid)) {
            duplicates.add(1);
            return;
          }
          answeredIds.add(rid);
          const l = logical.get(rid);
          if (!l) return;
          l.settled = true;
          latency.add(Date.now() - l.sentAt);
          if (l.resentAt) resentAnswerMs.add(Date.now() - l.resentAt);
          if (payload.status === 200) answeredOk.add(1);
          else {
            answeredError.add(1);
            const code = CODES.includes(payload.code) ? payload.code : 'OTHER';
            errorCodes.add(1, { code });
          }
          if (Date.now() < endAt && connected) sendNew();
          maybeDone();
        },
        onClose: onGone,
        onError: () => {
          onGone();
          sock.close();
        },
      },
    );
    socket = sock;
  };

  // Not k6's setTimeout: it can run the run's end early (load-tests/lib/timers.js).
  cancelHardEnd = after(DURATION_S * 1000 + REPLY_WAIT_MS, finish);
  open();
}

export function handleSummary(data) {
  const out = { stdout: '' };
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(data);
  return out;
}
