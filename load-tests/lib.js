// Shared by the k6 scripts: options from the environment, login, phones, summary output.
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';

export const SMOKE = __ENV.SMOKE === '1';
export const VUS = Number(__ENV.VUS || (SMOKE ? 5 : 50));
export const DURATION = __ENV.DURATION || (SMOKE ? '10s' : '20s');
/** Open model: lookups per second offered whatever the answers take (0 = closed loop, VUS users). */
export const RATE = Number(__ENV.RATE || 0);
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

// The same metrics in every script, so that the bench compares like with like.
export const lookups = new Counter('lookups'); // answered lookups (any status)
export const lookupErrors = new Counter('lookup_errors'); // answered with an error, or a failed request
export const lostReplies = new Counter('lost_replies'); // socket: sent, never answered
export const lookupDuration = new Trend('lookup_duration', true);

export const thresholds = SMOKE ? { lookup_errors: ['count==0'], lost_replies: ['count==0'], lookups: ['count>0'] } : {};

export const summaryTrendStats = ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max'];

/** A phone per VU and iteration, spread over the number space (deterministic carrier data). */
export function phoneFor(vu, n) {
  const x = (vu * 7919 + n * 104729) % 100000000;
  return `09${String(x).padStart(8, '0')}`;
}

/** Logs in through the gateway unless TOKEN is given; returns the access token. */
export function login() {
  if (__ENV.TOKEN) return __ENV.TOKEN;
  const res = http.post(
    `${BASE_URL}/api/v1/auth/login`,
    JSON.stringify({ username: __ENV.USERNAME || 'admin', password: __ENV.PASSWORD || 'Admin@123' }),
    { headers: { 'content-type': 'application/json' } },
  );
  if (res.status !== 200 && res.status !== 201) throw new Error(`login failed: ${res.status} ${res.body}`);
  return res.json('data.access_token');
}

/** Writes the end-of-test summary as JSON where the bench asks for it, plus a short text. */
export function summary(name) {
  return (data) => {
    const out = {};
    if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify({ name, ...data });
    const m = data.metrics;
    const v = (k, f) => (m[k] && m[k].values ? m[k].values[f] : 0);
    out.stdout =
      `\n${name}: lookups ${v('lookups', 'count')} (${v('lookups', 'rate').toFixed(1)}/s), ` +
      `p50 ${v('lookup_duration', 'med').toFixed(1)} ms, p95 ${v('lookup_duration', 'p(95)').toFixed(1)} ms, ` +
      `p99 ${v('lookup_duration', 'p(99)').toFixed(1)} ms, errors ${v('lookup_errors', 'count')}, lost ${v('lost_replies', 'count')}` +
      `${RATE ? `, dropped ${v('dropped_iterations', 'count') + v('dropped_sends', 'count')}` : ''}\n`;
    return out;
  };
}
