// What the chaos run observes: the figures of its k6 scripts (scripts/chaos/k6), HTTP calls that
// never throw, and a probe's changes over time.
import { K6Summary, metric } from '../../load-tests/api';
import { sleep } from '../wait.mjs';

/** A message in Vietnamese: at least one letter with a Vietnamese diacritic. */
export const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

export type SocketFigures = ReturnType<typeof socketFigures>;
export type RestFigures = ReturnType<typeof restFigures>;

/** socket-lookups.js: sent, answered (ok, or an error by code), lost, duplicated, re-sent, reconnections, latency. */
export function socketFigures(s: K6Summary | null) {
  const codes: Record<string, number> = {};
  for (const [k, v] of Object.entries(s?.metrics ?? {})) {
    const m = /^answer_errors\{code:(\w+)\}$/.exec(k);
    const count = v?.values?.count;
    if (m && count) codes[m[1]] = count;
  }
  return {
    sent: metric(s, 'lookups_sent'),
    ok: metric(s, 'answered_ok'),
    errors: metric(s, 'answered_error'),
    errorCodes: codes,
    lost: metric(s, 'lost'),
    duplicates: metric(s, 'duplicate_replies'),
    resent: metric(s, 'resent'),
    resentAnswerMaxMs: metric(s, 'resent_answer_ms', 'max'),
    drops: metric(s, 'connection_drops'),
    reconnects: metric(s, 'reconnects'),
    reconnectMaxMs: metric(s, 'reconnect_ms', 'max'),
    reconnectP95Ms: metric(s, 'reconnect_ms', 'p(95)'),
    p50: metric(s, 'lookup_duration', 'med'),
    p99: metric(s, 'lookup_duration', 'p(99)'),
    maxMs: metric(s, 'lookup_duration', 'max'),
  };
}

/** rest-lookups.js: answers by kind (200, 503 in Vietnamese, other 5xx in Vietnamese, a bad 5xx, 4xx, none). */
export function restFigures(s: K6Summary | null) {
  return {
    ok: metric(s, 'rest_ok'),
    unavailableVi: metric(s, 'rest_503_vietnamese'),
    other5xxVi: metric(s, 'rest_5xx_other_vietnamese'),
    bad5xx: metric(s, 'rest_5xx_bad'),
    client4xx: metric(s, 'rest_4xx'),
    noAnswer: metric(s, 'rest_no_answer'),
    maxMs: metric(s, 'rest_duration', 'max'),
  };
}

/** The product's answer envelope, as far as the chaos run reads it. */
export interface Envelope {
  msg?: string;
  data?: { values?: { id?: string | number; priority?: number }[] };
  services?: Record<string, string>;
}

export interface HttpAnswer {
  /** 0 when no answer came (refused, timed out). */
  status: number;
  json: Envelope | null;
  text: string;
}

/** One HTTP call; never throws: no answer is status 0 with the reason as text. */
export async function http(
  method: string,
  url: string,
  { token, body, timeoutMs = 10_000 }: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  try {
    const res = await fetch(url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: Envelope | null = null;
    try {
      json = JSON.parse(text) as Envelope;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, text };
  } catch (err) {
    return { status: 0, json: null, text: err instanceof Error ? err.message : String(err) };
  }
}

/** A probe's value from `at` ms after the scenario's start. */
export interface Change<T> {
  at: number;
  value: T | string;
}

/** Polls `probe` every `everyMs` until stop(); keeps the changes only (a probe that throws reads `error: …`). */
export function timeline<T>(t0: number, probe: () => Promise<T>, everyMs = 250) {
  const changes: Change<T>[] = [];
  let last: T | string | undefined;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const v = await probe().catch((e: unknown) => `error: ${e instanceof Error ? e.message : String(e)}`);
      if (v !== last) {
        changes.push({ at: Date.now() - t0, value: v });
        last = v;
      }
      await sleep(everyMs);
    }
  })();
  return {
    changes,
    async stop() {
      stopped = true;
      await loop;
      return changes;
    },
  };
}
