// REST path: logged-in virtual users calling GET /api/v1/lookup/<kind> through the gateway
// (gateway → lookup service over gRPC → carrier → log row → answer).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e USERNAME=admin -e PASSWORD=... load-tests/lookup-rest.js
//   env: VUS, DURATION, KIND (balance|package|history|arpu), TOKEN, SMOKE=1, SUMMARY_FILE
//        RATE: open model instead of VUS: `constant-arrival-rate` at RATE lookups/s (k6 counts the
//        iterations it could not start in time as `dropped_iterations`); MAX_VUS caps the VUs it may use.
import http from 'k6/http';
import {
  BASE_URL,
  DURATION,
  RATE,
  VUS,
  login,
  lookupDuration,
  lookupErrors,
  lookups,
  phoneFor,
  summary,
  summaryTrendStats,
  thresholds,
} from './lib.js';

export const options = {
  scenarios: {
    rest: RATE
      ? {
          executor: 'constant-arrival-rate',
          rate: RATE,
          timeUnit: '1s',
          duration: DURATION,
          preAllocatedVUs: Math.max(20, Math.ceil(RATE / 10)),
          maxVUs: Number(__ENV.MAX_VUS || Math.max(100, RATE)),
          gracefulStop: '10s',
        }
      : { executor: 'constant-vus', vus: VUS, duration: DURATION, gracefulStop: '10s' },
  },
  thresholds,
  summaryTrendStats,
  discardResponseBodies: false,
};

const KIND = __ENV.KIND || 'balance';

export function setup() {
  return { token: login() };
}

let n = 0;
export default function (data) {
  const phone = phoneFor(__VU, n++);
  const res = http.get(`${BASE_URL}/api/v1/lookup/${KIND}?phone=${phone}`, {
    headers: { authorization: `Bearer ${data.token}` },
    tags: { name: `lookup-${KIND}` },
  });
  lookups.add(1);
  lookupDuration.add(res.timings.duration);
  let ok = res.status === 200;
  if (ok && KIND === 'balance') {
    const got = res.json('data.NUMBER_PHONE');
    ok = typeof got === 'string' && got.endsWith(phone.slice(-9));
  }
  if (!ok) lookupErrors.add(1);
}

export const handleSummary = summary('rest');
