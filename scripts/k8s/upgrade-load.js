// A small lookup load for `npm run test:k8s` while Deployments roll (helm upgrade, a signing-key
// rotation): VUS users calling GET /api/v1/lookup/balance through the gateway's NodePort until the
// driver stops the run (k6's REST API, PATCH /v1/status stopped=true). Modelled on
// load-tests/lookup-rest.js; every non-200 answer or failed request is a failure, and the summary
// says which status it was and how many were 401 (a token refused). TOKEN is one access token or
// several separated by commas (users logged in at different steps): each request uses the next.
//
//   k6 run -e BASE_URL=http://<node>:30080 -e TOKEN=... -e SUMMARY_FILE=out.json scripts/k8s/upgrade-load.js
import http from 'k6/http';
import { sleep } from 'k6';
import { Counter } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:30080').replace(/\/+$/, '');
const lookups = new Counter('lookups');
const failures = new Counter('lookup_failures');
const unauthorized = new Counter('lookup_unauthorized');
const TOKENS = String(__ENV.TOKEN || '').split(',');
const byStatus = {};

export const options = {
  scenarios: { upgrade: { executor: 'constant-vus', vus: Number(__ENV.VUS || 4), duration: __ENV.DURATION || '15m', gracefulStop: '15s' } },
  discardResponseBodies: false,
};

function phoneFor(vu, n) {
  return `09${String((vu * 7919 + n * 104729) % 100000000).padStart(8, '0')}`;
}

let n = 0;
let lastSecond = 0;
export default function () {
  const phone = phoneFor(__VU, n++);
  const started = Date.now();
  const res = http.get(`${BASE_URL}/api/v1/lookup/balance?phone=${phone}`, {
    headers: { authorization: `Bearer ${TOKENS[n % TOKENS.length]}` },
    tags: { name: 'lookup-balance' },
    timeout: '20s',
  });
  const ended = Date.now();
  lookups.add(1);
  // Where a slow lookup waited, to lay beside the pods' and endpoints' changes (scripts/k8s/timeline.ts):
  // its start and end, the phases k6 measured (a long `connecting` is a connection to an address
  // nobody answers; a long `waiting` is the gateway or what it called), and the trace id the gateway answered.
  const t = res.timings;
  if (ended - started > 1000) {
    const phases = ['blocked', 'connecting', 'sending', 'waiting', 'receiving'].map((k) => `${k}=${t[k].toFixed(0)}`).join(' ');
    console.warn(
      `slow lookup: vu=${__VU} ms=${ended - started} started=${new Date(started).toISOString()} ended=${new Date(ended).toISOString()} status=${res.status} ${phases} trace=${res.headers['X-Trace-Id'] || '-'}`,
    );
  }
  // Each user's count of answered lookups once a second: whether the others went on meanwhile
  // (one connection waited) or every one stopped (the node starved).
  if (Math.floor(ended / 1000) !== lastSecond) {
    lastSecond = Math.floor(ended / 1000);
    console.log(`progress: vu=${__VU} at=${ended} done=${n}`);
  }
  let ok = res.status === 200;
  if (ok) {
    const got = res.json('data.NUMBER_PHONE');
    ok = typeof got === 'string' && got.endsWith(phone.slice(-9));
  }
  if (!ok) {
    failures.add(1, { status: String(res.status) });
    if (res.status === 401) unauthorized.add(1);
    if (!byStatus[res.status]) {
      byStatus[res.status] = true;
      console.warn(`lookup failed: status ${res.status} ${res.error || ''} ${String(res.body).slice(0, 200)}`);
    }
  }
  sleep(0.05);
}

export function handleSummary(data) {
  const v = (k, f) => (data.metrics[k] && data.metrics[k].values ? data.metrics[k].values[f] : 0);
  const out = { stdout: `rolling load: ${v('lookups', 'count')} lookups, ${v('lookup_failures', 'count')} failed, p95 ${v('http_req_duration', 'p(95)').toFixed(1)} ms\n` };
  if (__ENV.SUMMARY_FILE) {
    out[__ENV.SUMMARY_FILE] = JSON.stringify({
      lookups: v('lookups', 'count'),
      failures: v('lookup_failures', 'count'),
      unauthorized: v('lookup_unauthorized', 'count'),
      p95: v('http_req_duration', 'p(95)'),
      max: v('http_req_duration', 'max'),
    });
  }
  return out;
}
