// The gateway's floor: GET /healthz under the same closed-loop load as the lookup paths (what
// Express, helmet and the process can do with no work behind them). Counted in the same metrics
// (`lookups` = answered requests) so that the bench prints it in the same table.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 load-tests/healthz.js
//   env: VUS, DURATION, SMOKE=1, SUMMARY_FILE
import http from 'k6/http';
import { BASE_URL, DURATION, VUS, lookupDuration, lookupErrors, lookups, summary, summaryTrendStats, thresholds } from './lib.js';

export const options = {
  scenarios: { healthz: { executor: 'constant-vus', vus: VUS, duration: DURATION, gracefulStop: '10s' } },
  thresholds,
  summaryTrendStats,
};

export default function () {
  const res = http.get(`${BASE_URL}/healthz`, { tags: { name: 'healthz' } });
  lookups.add(1);
  lookupDuration.add(res.timings.duration);
  if (res.status !== 200) lookupErrors.add(1);
}

export const handleSummary = summary('healthz');
