// Chaos load, REST path: VUS virtual users calling GET /api/v1/lookup/balance through the gateway
// for DURATION seconds, classifying every answer: 200; 503 with a Vietnamese msg (the expected
// answer while a dependency is down); any other 5xx, or a 5xx without a Vietnamese msg (a bug);
// 4xx; no answer at all (transport error or timeout, also a bug: it would be a hang).
//
// env: BASE_URL, TOKEN, VUS, DURATION (s), SUMMARY_FILE
import http from 'k6/http';
import { sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const VUS = Number(__ENV.VUS || 5);
const DURATION_S = Number(__ENV.DURATION || 30);
const PACE_MS = Number(__ENV.PACE_MS || 0);

const ok = new Counter('rest_ok');
const unavailableVi = new Counter('rest_503_vietnamese');
const bad5xx = new Counter('rest_5xx_bad'); // 500, or a 5xx whose msg is not Vietnamese
const other5xx = new Counter('rest_5xx_other_vietnamese'); // 504 etc. with a Vietnamese msg
const client4xx = new Counter('rest_4xx');
const noAnswer = new Counter('rest_no_answer');
const latency = new Trend('rest_duration', true);

// A Vietnamese message carries at least one letter with a Vietnamese diacritic.
const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

export const options = {
  scenarios: { rest: { executor: 'constant-vus', vus: VUS, duration: `${DURATION_S}s`, gracefulStop: '40s' } },
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max'],
};

export default function () {
  const isdn = `09${String((__VU * 7919 + __ITER * 104729) % 100000000).padStart(8, '0')}`;
  const res = http.get(`${BASE_URL}/api/v1/lookup/balance?phone=${isdn}`, {
    headers: { authorization: `Bearer ${__ENV.TOKEN}` },
    timeout: '35s',
  });
  latency.add(res.timings.duration);
  if (res.status === 0) noAnswer.add(1);
  else if (res.status === 200) ok.add(1);
  else if (res.status >= 500) {
    let msg = '';
    try {
      msg = String(res.json('msg') || '');
    } catch (_) {
      msg = '';
    }
    if (res.status === 500 || !VIETNAMESE.test(msg)) bad5xx.add(1);
    else if (res.status === 503) unavailableVi.add(1);
    else other5xx.add(1);
  } else client4xx.add(1);
  if (res.status !== 200) sleep(0.1); // do not spin on an outage
  if (PACE_MS) sleep(PACE_MS / 1000);
}

export function handleSummary(data) {
  const out = { stdout: '' };
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(data);
  return out;
}
