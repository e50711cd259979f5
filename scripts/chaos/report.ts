// What the chaos run prints: one block of figures per scenario.
import os from 'node:os';
import { restFigures, RestFigures, SocketFigures } from './observe';
import type { outboxKilled } from './outbox-scenario';
import type { kafkaStopped, postgresStopped, realtimeKilled, redisStopped } from './scenarios';
import type { ChaosOptions, UnderLoad } from './world';

/** Each scenario's figures, when it ran. */
export interface ChaosResults {
  kafka?: Awaited<ReturnType<typeof kafkaStopped>>;
  realtime?: Awaited<ReturnType<typeof realtimeKilled>>;
  postgres?: Awaited<ReturnType<typeof postgresStopped>>;
  redis?: Awaited<ReturnType<typeof redisStopped>>;
  outbox?: Awaited<ReturnType<typeof outboxKilled>>;
}

const fmtS = (ms: number | null | undefined) => (ms == null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/** The run's figures, a block per scenario that ran. */
export function printReport(results: ChaosResults, opts: ChaosOptions): void {
  const lines: string[] = [
    `\nChaos under load: ${opts.vus} socket VUs × ${opts.pipeline} in flight (REST: ${Math.max(1, Math.round(opts.vus / 2))} VUs), ${opts.duration} s per scenario, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}\n`,
  ];
  const sock = (s: SocketFigures) =>
    `socket: sent ${s.sent}, ok ${s.ok}, error ${s.errors}${Object.keys(s.errorCodes).length ? ` ${JSON.stringify(s.errorCodes)}` : ''}, lost ${s.lost}, duplicates ${s.duplicates}, p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, slowest ${s.maxMs.toFixed(0)} ms`;
  const rest = (r: RestFigures | undefined = restFigures(null)) =>
    `REST: 200 ${r.ok}, 503+vi ${r.unavailableVi}, other 5xx+vi ${r.other5xxVi}, 500/no-vi ${r.bad5xx}, 4xx ${r.client4xx}, no answer ${r.noAnswer}, slowest ${r.maxMs.toFixed(0)} ms`;
  const logs = (l: UnderLoad['logRows']) => `log rows ${l.n} (socket request ids ${l.with_id}, distinct ${l.distinct_ids})`;
  if (results.kafka) {
    const r = results.kafka;
    lines.push(
      `(a) Kafka broker stopped ${r.brokerDownS.toFixed(1)} s`,
      `    ${sock(r.socket)}`,
      `    ${rest(r.rest)}`,
      `    ${logs(r.logRows)}`,
    );
  }
  if (results.realtime) {
    const r = results.realtime;
    lines.push(
      '(b) one of two realtime replicas killed',
      `    ${sock(r.socket)}`,
      `    connections dropped ${r.socket.drops}, reconnected ${r.socket.reconnects} (p95 ${r.socket.reconnectP95Ms.toFixed(0)} ms, max ${r.socket.reconnectMaxMs.toFixed(0)} ms), re-sent ${r.socket.resent}, answered at most ${r.socket.resentAnswerMaxMs.toFixed(0)} ms after the re-send`,
      `    ${logs(r.logRows)}`,
    );
  }
  if (results.postgres) {
    const r = results.postgres;
    const rd = r.readiness.map((c) => `${fmtS(c.at)} ${c.value}`).join(' → ');
    lines.push(
      `(c) PostgreSQL stopped at ${r.downAtS.toFixed(1)} s, back at ${r.upAtS.toFixed(1)} s; lookups answer 200 again ${r.answersAgainAfterS.toFixed(1)} s after`,
      `    ${sock(r.socket)}`,
      `    ${rest(r.rest)}`,
      `    readiness (lookup gRPC health): ${rd}`,
      `    meanwhile: ${r.sample503 ? `${r.sample503.status} ${JSON.stringify(r.sample503.body)}` : '-'}`,
      `    ${logs(r.logRows)}`,
    );
  }
  if (results.redis) {
    const r = results.redis;
    lines.push(
      '(d) Redis stopped ~5 s (append-only file on)',
      `    before: ${JSON.stringify(r.before)}`,
      `    during: ${JSON.stringify(r.during)}`,
      `    after: ${JSON.stringify(r.after)}; realtime ready ${JSON.stringify(r.realtimeReady)}`,
      `    ${sock(r.socket)}`,
      `    ${rest(r.rest)}`,
    );
  }
  if (results.outbox) {
    const r = results.outbox;
    lines.push(
      '(e) outbox: auth killed with unpublished events, lookup (consumer) killed, auth crash loop',
      `    users acknowledged ${r.acknowledgedCreates} ${JSON.stringify(r.createdPerStep)}; pending when auth was killed ${r.pendingAtKill}; drained ${r.drainedAfterRestartS.toFixed(1)} s after restart`,
      `    auth answers through the gateway again ${r.authAnswersThroughGatewayAfterMs.join(', ')} ms after each restart`,
      `    cut off by a kill (in doubt) ${r.inDoubt.creates}, of which committed and applied once ${r.inDoubt.applied}`,
      `    creates refused with 503 (auth dying) ${r.refusedCreates}; outbox rows ${r.outboxRowsForThem}, events published ${r.eventsPublished}, effects (lookup.staff) ${r.effects?.n} rows for ${r.effects?.d} users`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
