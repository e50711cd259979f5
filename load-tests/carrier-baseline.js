// Baseline: the same lookup straight against the carrier simulator (no gateway, no service, no
// log): the ceiling the product's paths are compared with.
//
//   k6 run -e CARRIER_URL=http://127.0.0.1:8090 -e CARRIER_USERNAME=... -e CARRIER_PASSWORD=... load-tests/carrier-baseline.js
import http from 'k6/http';
import encoding from 'k6/encoding';
import { DURATION, VUS, lookupDuration, lookupErrors, lookups, phoneFor, summary, summaryTrendStats, thresholds } from './lib.js';

export const options = {
  scenarios: { baseline: { executor: 'constant-vus', vus: VUS, duration: DURATION, gracefulStop: '10s' } },
  thresholds,
  summaryTrendStats,
};

const URL = (__ENV.CARRIER_URL || 'http://127.0.0.1:8090').replace(/\/+$/, '');
const AUTH = `Basic ${encoding.b64encode(`${__ENV.CARRIER_USERNAME || 'carrier'}:${__ENV.CARRIER_PASSWORD || 'carrier-secret'}`)}`;
const KIND = __ENV.KIND || 'balance';
const PATHS = { balance: 'balance', package: 'packages', history: 'history', arpu: 'arpu' };

let n = 0;
export default function () {
  const phone = phoneFor(__VU, n++);
  const res = http.get(`${URL}/api/v1/subscribers/84${phone.slice(-9)}/${PATHS[KIND] || 'balance'}`, {
    headers: { authorization: AUTH },
    tags: { name: `carrier-${KIND}` },
  });
  lookups.add(1);
  lookupDuration.add(res.timings.duration);
  if (res.status !== 200) lookupErrors.add(1);
}

export const handleSummary = summary('baseline');
