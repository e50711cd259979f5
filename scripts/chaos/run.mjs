#!/usr/bin/env node
// `npm run chaos`: the product under failure, with figures.
//
// Real PostgreSQL, Redis (append-only file on, as the chart runs it) and a Kafka broker
// (scripts/infra), and every component the lookup path needs in its own process: carrier
// simulator, auth, lookup, two realtime replicas behind a TCP balancer (the Kubernetes Service),
// and the gateway. k6 (load-tests/install-k6.sh) drives socket lookups (clients that reconnect and
// re-send, scripts/chaos/k6/socket-lookups.js) and REST lookups (scripts/chaos/k6/rest-lookups.js)
// while each scenario breaks one piece:
//   kafka     the broker stopped ~10 s and started again
//   realtime  one of the two realtime replicas killed (SIGKILL), started again 10 s later
//   postgres  PostgreSQL stopped ~10 s and started again
//   redis     Redis stopped ~5 s and started again (revocations and login limits before and after)
//   outbox    auth killed (SIGKILL) while its outbox holds committed, unpublished events; lookup (a
//             consumer of those events) killed and restarted too; events and effects counted
// and prints one table per scenario; exit 1 when an invariant breaks (a lost or duplicated
// lookup, a 500, a 5xx without a Vietnamese msg, a lost acknowledged write, no recovery).
//
//   npm run chaos
//   npm run chaos -- --only kafka,realtime      some scenarios
//   npm run chaos -- --vus 10 --duration 40     socket VUs (REST: half) and seconds of load per scenario
//   npm run chaos -- --json out.json            also write the figures as JSON
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adopt, childrenMatching, startComponents, tcpOpen } from './procs.ts';
import { installK6, runK6 } from '../../load-tests/api.ts';
import { sleep, waitFor } from '../wait.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const t00 = Date.now();
const say = (msg) => process.stderr.write(`[chaos ${((Date.now() - t00) / 1000).toFixed(1).padStart(6)}s] ${msg}\n`);
const SCENARIOS = ['kafka', 'realtime', 'postgres', 'redis', 'outbox'];
const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

function parseArgs(argv) {
  const o = { only: SCENARIOS, vus: 10, duration: 40, pipeline: 2, json: undefined, keepLogs: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') o.only = argv[++i].split(',');
    else if (a === '--vus') o.vus = Number(argv[++i]);
    else if (a === '--duration') o.duration = Number(argv[++i]);
    else if (a === '--pipeline') o.pipeline = Number(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--keep-logs') o.keepLogs = true;
    else throw new Error(`unknown argument ${a}`);
  }
  for (const s of o.only) if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; one of ${SCENARIOS.join(', ')}`);
  return o;
}

/** k6 run on a script of scripts/chaos/k6 (output to logFile); its exit code and its summary (null when it wrote none). */
async function runChaosK6(k6, script, env, logFile) {
  const code = await runK6(k6, path.join(HERE, 'k6', script), env, logFile);
  let summary = null;
  try {
    summary = JSON.parse(fs.readFileSync(env.SUMMARY_FILE, 'utf8'));
  } catch {
    /* none */
  }
  return { code, summary };
}

/** A k6 metric's value from a summary (0 when absent). */
const metric = (s, name, field = 'count') => s?.metrics?.[name]?.values?.[field] ?? 0;

function socketFigures(s) {
  const codes = {};
  for (const [k, v] of Object.entries(s?.metrics ?? {})) {
    const m = /^answer_errors\{code:(\w+)\}$/.exec(k);
    if (m && v.values.count) codes[m[1]] = v.values.count;
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

function restFigures(s) {
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

async function http(method, url, { token, body, timeoutMs = 10_000 } = {}) {
  try {
    const res = await fetch(url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, text };
  } catch (err) {
    return { status: 0, json: null, text: String(err?.message ?? err) };
  }
}

/** Polls `probe` every `everyMs` until stop(); returns [{ at (ms since t0), value }] changes only. */
function timeline(t0, probe, everyMs = 250) {
  const changes = [];
  let last;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const v = await probe().catch((e) => `error: ${e?.message ?? e}`);
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

/** scripts/infra's redis-server, started again as the chart runs it: same port and directory, append-only file on. */
function adoptRedis(pid, port, logFile) {
  // Its title is "<binary> <host>:<port>" (the binary decides by its own name what it is).
  const bin = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)[0];
  const dir = fs.readlinkSync(`/proc/${pid}/cwd`);
  return adopt(pid, logFile, {
    argv: [
      bin,
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--logfile',
      '',
      '--loglevel',
      'warning',
    ],
  });
}

const fmtS = (ms) => (ms == null ? '-' : `${(ms / 1000).toFixed(1)} s`);

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const k6 = installK6();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-chaos-'));
  say(`k6 ${k6}; logs in ${runDir}`);
  const { startInfra } = await import('../infra/index.ts');
  const infra = await startInfra({ log: (m) => say(m) });
  const pg = (await import('pg')).default;
  const { default: Redis } = await import('ioredis');
  const { Kafka, logLevel } = (await import('kafkajs')).default;

  // The pieces scripts/infra started, taken over so that they can be stopped and started again.
  const pieces = {
    postgres: adopt(childrenMatching(process.pid, /bin\/postgres -D/)[0], path.join(runDir, 'postgres.log')),
    redis: adoptRedis(
      childrenMatching(process.pid, /redis-server/)[0],
      Number(new URL(infra.env.REDIS_URL).port),
      path.join(runDir, 'redis.log'),
    ),
    kafka: adopt(childrenMatching(process.pid, /kafka\.Kafka/)[0], path.join(runDir, 'kafka.log')),
  };
  // The chart runs Redis with its append-only file (helm/cskh/templates/dependencies.yaml): so here.
  const redisAdmin = new Redis(infra.env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  redisAdmin.on('error', () => {});
  await redisAdmin.connect();
  await redisAdmin.config('SET', 'appendonly', 'yes');
  const redisPort = Number(new URL(infra.env.REDIS_URL).port);
  const kafkaPort = Number(infra.env.KAFKA_BROKERS.split(':').pop());
  const db = new pg.Pool({ connectionString: infra.env.DATABASE_URL, max: 2 });
  db.on('error', () => {});
  const prefix = `chaos-${randomBytes(3).toString('hex')}.`;
  const kafka = new Kafka({ clientId: 'chaos', brokers: [infra.env.KAFKA_BROKERS], logLevel: logLevel.NOTHING, retry: { retries: 2 } });
  const kafkaReady = async () => {
    if (!(await tcpOpen(kafkaPort))) return false;
    const admin = kafka.admin();
    try {
      await admin.connect();
      return (await admin.describeCluster()).brokers.length > 0 && (await admin.describeGroups(['chaos-probe']), true);
    } finally {
      await admin.disconnect().catch(() => {});
    }
  };

  const adminPassword = `Chaos-${randomBytes(6).toString('hex')}`;
  const env = {
    ...process.env,
    ...infra.env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    METRICS_PORT: '0',
    MIGRATE_ON_START: 'true',
    KAFKA_TOPIC_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex'),
    CSKH_ADMIN_PASSWORD: adminPassword,
    CARRIER_SIM_USERNAME: 'chaos-carrier',
    CARRIER_SIM_PASSWORD: 'chaos-carrier-secret',
    CARRIER_USERNAME: 'chaos-carrier',
    CARRIER_PASSWORD: 'chaos-carrier-secret',
    // A request the tier cannot complete is answered with a timeout error by then (default 30 s).
    REPLY_TIMEOUT_MS: '20000',
    SHUTDOWN_GRACE_MS: '3000',
  };
  const logDir = runDir;
  const httpReady = (port, p) => async () => (await http('GET', `http://127.0.0.1:${port}${p}`, { timeoutMs: 1000 })).status === 200;
  /** carrier, auth, lookup, rtA, rtB: what the scenarios kill and start again (procs.ts startComponents). */
  let comps;
  let stack;
  const results = {};
  let failed = [];
  const cleanup = async () => {
    await stack?.stop().catch(() => {});
    await redisAdmin.quit().catch(() => {});
    await db.end().catch(() => {});
    // Pieces re-spawned by a scenario are ours to stop; the originals are scripts/infra's.
    for (const p of Object.values(pieces)) if (p.restarted) await p.stop(p === pieces.postgres ? 'SIGINT' : 'SIGTERM').catch(() => {});
    await infra.stop().catch(() => {});
    if (!opts.keepLogs && failed.length === 0) fs.rmSync(runDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => cleanup().then(() => process.exit(130)));

  try {
    say('starting components (one process each)…');
    // Two realtime replicas behind a TCP balancer (the Kubernetes Service).
    stack = await startComponents({ env, logDir, realtimeReplicas: 2, say });
    comps = { carrier: stack.carrier, auth: stack.auth, lookup: stack.lookup, rtA: stack.realtime[0], rtB: stack.realtime[1] };
    const gwPort = stack.gatewayPort;
    const [rtA, rtB] = stack.realtimePorts;
    const base = stack.url;
    const login = async (username = 'admin', password = adminPassword) => {
      const r = await http('POST', `${base}/api/v1/auth/login`, { body: { username, password } });
      if (r.status !== 200 && r.status !== 201) throw new Error(`login ${username}: ${r.status} ${r.text}`);
      return r.json.data.access_token;
    };
    const token = await login();
    say(`stack up at ${base} (${((Date.now() - t00) / 1000).toFixed(0)} s)`);

    const k6Env = (extra) => ({ BASE_URL: base, TOKEN: token, ...extra });
    /** Socket (and optionally REST) load for opts.duration seconds around `fault(t0)`. */
    const underLoad = async (name, { rest = false, fault }) => {
      const t0 = Date.now();
      const since = new Date(t0 - 1000);
      const sockFile = path.join(runDir, `${name}-socket.json`);
      const restFile = path.join(runDir, `${name}-rest.json`);
      const runs = [
        runChaosK6(
          k6,
          'socket-lookups.js',
          k6Env({
            VUS: String(opts.vus),
            DURATION: String(opts.duration),
            PIPELINE: String(opts.pipeline),
            TAG: name,
            SUMMARY_FILE: sockFile,
            REPLY_WAIT_MS: '40000',
          }),
          path.join(runDir, `${name}-k6.log`),
        ),
      ];
      if (rest)
        runs.push(
          runChaosK6(
            k6,
            'rest-lookups.js',
            k6Env({ VUS: String(Math.max(1, Math.round(opts.vus / 2))), DURATION: String(opts.duration), SUMMARY_FILE: restFile }),
            path.join(runDir, `${name}-k6.log`),
          ),
        );
      const faultFigures = await fault(t0);
      const [sock, restRun] = await Promise.all(runs);
      const until = new Date();
      // Every lookup answered 200 wrote its log row before the answer left: count them back.
      const [rows] = (
        await db.query(
          `SELECT count(*)::int AS n, count(request_id)::int AS with_id, count(DISTINCT request_id)::int AS distinct_ids
         FROM lookup.lookup_log WHERE created_at >= $1 AND created_at <= $2 AND username = 'admin'`,
          [since, until],
        )
      ).rows;
      const out = {
        socket: socketFigures(sock.summary),
        ...(rest ? { rest: restFigures(restRun.summary) } : {}),
        logRows: rows,
        ...faultFigures,
      };
      if (!sock.summary) out.k6Failed = true;
      return out;
    };

    const check = (scenario, ok, what) => {
      if (!ok) failed.push(`${scenario}: ${what}`);
      return ok;
    };
    const socketInvariants = (name, r) => {
      check(name, !r.k6Failed, 'k6 wrote no summary');
      check(name, r.socket.sent > 0, 'no lookup sent');
      check(name, r.socket.lost === 0, `${r.socket.lost} socket lookups lost (never answered)`);
      check(name, r.socket.duplicates === 0, `${r.socket.duplicates} duplicate replies`);
      check(name, r.socket.ok + r.socket.errors === r.socket.sent, `sent ${r.socket.sent} ≠ answered ${r.socket.ok + r.socket.errors}`);
      const okTotal = r.socket.ok + (r.rest?.ok ?? 0);
      check(name, r.logRows.n >= okTotal, `${okTotal} lookups answered 200 but ${r.logRows.n} log rows (acknowledged writes lost)`);
      check(
        name,
        r.logRows.with_id === r.logRows.distinct_ids,
        `${r.logRows.with_id - r.logRows.distinct_ids} socket requests logged twice`,
      );
      if (r.rest) {
        check(name, r.rest.bad5xx === 0, `${r.rest.bad5xx} REST answers 500 or 5xx without a Vietnamese msg`);
        check(name, r.rest.noAnswer === 0, `${r.rest.noAnswer} REST requests without an answer`);
      }
    };
    const at = (t0, s) => sleep(Math.max(0, t0 + s * 1000 - Date.now()));

    // ---------------------------------------------------------------- (a) Kafka broker stopped
    if (opts.only.includes('kafka')) {
      say('scenario kafka: broker stopped ~10 s during socket lookups');
      const r = await underLoad('kafka', {
        rest: true,
        fault: async (t0) => {
          await at(t0, 8);
          const stoppedAt = Date.now();
          await pieces.kafka.stop('SIGTERM');
          const downAt = Date.now();
          await at(t0, 18);
          pieces.kafka.start();
          pieces.kafka.restarted = true;
          await waitFor('kafka back', kafkaReady, 90_000, 250);
          const upAt = Date.now();
          return { brokerDownS: (upAt - downAt) / 1000, brokerStopTookS: (downAt - stoppedAt) / 1000 };
        },
      });
      socketInvariants('kafka', r);
      // A request made while the broker is away is answered once it is back, within its deadline
      // (REPLY_TIMEOUT_MS): checked when the outage, from the stop's start, left it 5 s to spare.
      if ((r.brokerStopTookS + r.brokerDownS) * 1000 + 5000 <= Number(env.REPLY_TIMEOUT_MS))
        check(
          'kafka',
          !r.socket.errorCodes.TIMEOUT,
          `${r.socket.errorCodes.TIMEOUT} socket lookups answered TIMEOUT (broker down ${r.brokerDownS.toFixed(1)} s)`,
        );
      results.kafka = r;
      say(`kafka: ${JSON.stringify(r)}`);
    }

    // ---------------------------------------------------------------- (b) a realtime replica killed
    if (opts.only.includes('realtime')) {
      say('scenario realtime: one of two replicas killed (SIGKILL), restarted 10 s later');
      const r = await underLoad('realtime', {
        fault: async (t0) => {
          await at(t0, 8);
          await comps.rtA.kill();
          await at(t0, 18);
          await comps.rtA.start();
          return {};
        },
      });
      socketInvariants('realtime', r);
      check('realtime', r.socket.drops > 0, 'no connection dropped (did the kill hit a replica with clients?)');
      check('realtime', r.socket.reconnects >= r.socket.drops, `${r.socket.drops} drops but ${r.socket.reconnects} reconnects`);
      check('realtime', r.socket.reconnectMaxMs <= 5000, `a client took ${r.socket.reconnectMaxMs} ms to reconnect (> 5 s)`);
      // What was in flight on the dead replica's sockets is sent again on reconnecting, and answered.
      check('realtime', !r.socket.errorCodes.TIMEOUT, `${r.socket.errorCodes.TIMEOUT} socket lookups answered TIMEOUT`);
      check(
        'realtime',
        r.socket.resentAnswerMaxMs <= 2000,
        `a re-sent lookup was answered ${r.socket.resentAnswerMaxMs.toFixed(0)} ms after its re-send (> 2 s)`,
      );
      results.realtime = r;
      say(`realtime: ${JSON.stringify(r)}`);
    }

    // ---------------------------------------------------------------- (c) PostgreSQL restarted
    if (opts.only.includes('postgres')) {
      say('scenario postgres: PostgreSQL stopped ~10 s during socket and REST lookups');
      let sample503 = null;
      const r = await underLoad('postgres', {
        rest: true,
        fault: async (t0) => {
          // Readiness as Kubernetes reads it: each service's gRPC health (through the gateway's report).
          const ready = timeline(t0, async () => {
            const s = await http('GET', `${base}/healthz/services`, { timeoutMs: 3000 });
            return s.json?.services?.lookup ?? `HTTP ${s.status}`;
          });
          const answers = timeline(t0, async () => {
            const a = await http('GET', `${base}/api/v1/lookup/balance?phone=0912345678`, { token, timeoutMs: 35_000 });
            if (a.status >= 500 && !sample503) sample503 = { status: a.status, body: a.json };
            return a.status;
          });
          await at(t0, 8);
          await pieces.postgres.stop('SIGINT'); // fast shutdown: what a restart or a failover does
          const downAt = Date.now() - t0;
          await at(t0, 18);
          pieces.postgres.start();
          pieces.postgres.restarted = true;
          await waitFor(
            'postgres back',
            async () => {
              const c = new pg.Client({ connectionString: infra.env.DATABASE_URL });
              try {
                await c.connect();
                await c.query('SELECT 1');
                return true;
              } finally {
                await c.end().catch(() => {});
              }
            },
            60_000,
            200,
          );
          const upAt = Date.now() - t0;
          await waitFor(
            'lookup answers again',
            async () => (await http('GET', `${base}/api/v1/lookup/balance?phone=0912345678`, { token })).status === 200,
            60_000,
            200,
          );
          const answersAgainAt = Date.now() - t0;
          await sleep(3000);
          const readiness = await ready.stop();
          const answerStatuses = await answers.stop();
          return {
            downAtS: downAt / 1000,
            upAtS: upAt / 1000,
            answersAgainAfterS: (answersAgainAt - upAt) / 1000,
            readiness,
            answerStatuses,
            sample503,
          };
        },
      });
      socketInvariants('postgres', r);
      check('postgres', r.rest.unavailableVi > 0, 'no 503 with a Vietnamese msg while PostgreSQL was down');
      check(
        'postgres',
        r.readiness.some((c) => c.value === 'NOT_SERVING'),
        'readiness never showed the outage',
      );
      check('postgres', r.readiness.at(-1)?.value === 'SERVING', 'readiness did not come back');
      check('postgres', !!r.sample503 && VIETNAMESE.test(r.sample503.body?.msg ?? ''), 'the 503 has no Vietnamese msg');
      results.postgres = r;
      say(`postgres: ${JSON.stringify(r)}`);
    }

    // ---------------------------------------------------------------- (d) Redis restarted
    if (opts.only.includes('redis')) {
      say('scenario redis: Redis stopped ~5 s; revocations and login limits before, during and after');
      const r = await underLoad('redis', {
        rest: true,
        fault: async (t0) => {
          // A revoked session (logout) and an account out of login attempts, before the restart.
          const revoked = await login();
          const lo = await http('POST', `${base}/api/v1/auth/logout`, { token: revoked, body: {} });
          const limitedUser = `chaos-nobody-${randomBytes(2).toString('hex')}`;
          let limitStatus = 0;
          for (let i = 0; i < 6; i++)
            limitStatus = (await http('POST', `${base}/api/v1/auth/login`, { body: { username: limitedUser, password: 'wrong-password' } }))
              .status;
          const before = {
            logout: lo.status,
            revokedToken: (await http('GET', `${base}/api/v1/auth/me`, { token: revoked })).status,
            limitedLogin: limitStatus,
          };
          const probes = async () => ({
            validToken: await http('GET', `${base}/api/v1/auth/me`, { token }),
            revokedToken: await http('GET', `${base}/api/v1/auth/me`, { token: revoked }),
            limitedLogin: await http('POST', `${base}/api/v1/auth/login`, { body: { username: limitedUser, password: 'wrong-password' } }),
          });
          await at(t0, 8);
          await redisAdmin.bgrewriteaof().catch(() => {});
          await pieces.redis.stop('SIGTERM');
          await sleep(1000);
          const d = await probes();
          const during = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, { status: v.status, msg: v.json?.msg }]));
          await at(t0, 13);
          pieces.redis.start();
          pieces.redis.restarted = true;
          await waitFor('redis back', () => tcpOpen(redisPort), 30_000, 100);
          await waitFor('gateway ready again', httpReady(gwPort, '/readyz'), 30_000, 200);
          const a = await probes();
          const after = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.status]));
          const realtimeReady = { a: await httpReady(rtA, '/readyz')(), b: await httpReady(rtB, '/readyz')() };
          return { before, during, after, realtimeReady };
        },
      });
      socketInvariants('redis', r);
      check('redis', r.before.revokedToken === 401 && r.before.limitedLogin === 429, `set-up failed: ${JSON.stringify(r.before)}`);
      for (const [k, v] of Object.entries(r.during)) {
        if (k === 'validToken')
          check(
            'redis',
            v.status === 200 || (v.status === 503 && VIETNAMESE.test(v.msg ?? '')),
            `valid token while Redis down: ${v.status}`,
          );
        else
          check(
            'redis',
            v.status === 401 || v.status === 429 || (v.status === 503 && VIETNAMESE.test(v.msg ?? '')),
            `${k} while Redis down: ${v.status} (must fail closed)`,
          );
      }
      check('redis', r.after.revokedToken === 401, `revoked token after restart: ${r.after.revokedToken}`);
      check('redis', r.after.limitedLogin === 429, `login limit after restart: ${r.after.limitedLogin}`);
      check('redis', r.after.validToken === 200, `valid token after restart: ${r.after.validToken}`);
      check('redis', r.realtimeReady.a && r.realtimeReady.b, 'a realtime replica not ready after Redis came back');
      results.redis = r;
      say(`redis: ${JSON.stringify(r)}`);
    }

    // ---------------------------------------------------------------- (e) outbox relay and consumer
    if (opts.only.includes('outbox')) {
      say('scenario outbox: auth killed with committed, unpublished events; lookup (consumer) killed too');
      const topic = `${prefix}cskh.auth.user-changed`;
      const published = async () => {
        const admin = kafka.admin();
        await admin.connect();
        try {
          return (await admin.fetchTopicOffsets(topic)).reduce((n, p) => n + Number(p.high), 0);
        } finally {
          await admin.disconnect();
        }
      };
      const pending = async () => (await db.query('SELECT count(*)::int AS n FROM auth.outbox WHERE published_at IS NULL')).rows[0].n;
      const tag = randomBytes(2).toString('hex');
      let refusedCreates = 0; // answered 503 (auth down or dying): not acknowledged, so not expected anywhere
      // A role is required: a seeded one of priority 3, which needs no branch.
      const roles = await http('GET', `${base}/api/v1/role?page=1&count=100`, { token });
      const roleId = roles.json?.data?.values?.find((r) => r.priority === 3)?.id;
      if (!roleId) throw new Error(`outbox: no seeded role of priority 3 (${roles.status} ${roles.text.slice(0, 200)})`);
      const createUsers = async (from, n) => {
        const made = [];
        await Promise.all(
          Array.from({ length: n }, async (_, i) => {
            const username = `chaos${tag}u${from + i}`;
            const res = await http('POST', `${base}/api/v1/users`, {
              token,
              body: {
                fullname: `Nhân viên thử ${from + i}`,
                username,
                password: 'Chaos@12345',
                email: `${username}@example.vn`,
                phone: '0912345678',
                role: roleId,
              },
            });
            if (res.status === 201) made.push(username);
            else if (!(res.status === 503 && VIETNAMESE.test(res.json?.msg ?? '')))
              say(`create ${username}: ${res.status} ${res.text.slice(0, 200)}`);
            else refusedCreates++;
          }),
        );
        return made;
      };
      const effects = async (names) =>
        (
          await db.query('SELECT count(*)::int AS n, count(DISTINCT username)::int AS d FROM lookup.staff WHERE username = ANY($1)', [
            names,
          ])
        ).rows[0];
      const publishedBefore = await published();
      // 1. The relay cannot publish (broker stopped): committed users wait in auth's outbox.
      await pieces.kafka.stop('SIGTERM');
      const first = await createUsers(0, 20);
      await sleep(1500);
      const pendingAtKill = await pending();
      // 2. Auth dies between the commit and the publish; the broker comes back; auth restarts.
      await comps.auth.kill();
      pieces.kafka.start();
      pieces.kafka.restarted = true;
      await waitFor('kafka back', kafkaReady, 90_000, 250);
      // How long after its process is up the gateway reaches auth again (its gRPC channel reconnects).
      const authAnswers = async () => {
        const t = Date.now();
        await waitFor(
          'auth answers through the gateway',
          async () => (await http('GET', `${base}/api/v1/auth/me`, { token })).status === 200,
          60_000,
          100,
        );
        return Date.now() - t;
      };
      const backAfterMs = [];
      const t1 = Date.now();
      await comps.auth.start();
      await waitFor('outbox drained', async () => (await pending()) === 0, 60_000, 200);
      const drainedS = (Date.now() - t1) / 1000;
      backAfterMs.push(await authAnswers());
      // 3. The consumer dies too: events published while lookup is down are applied when it is back.
      await comps.lookup.kill();
      const second = await createUsers(100, 20);
      await waitFor('outbox drained', async () => (await pending()) === 0, 60_000, 200);
      // 4. Crash loop: auth killed at random moments of a burst of creates (commit, publish and
      //    mark interleaved), restarted each time.
      const third = [];
      const attempted = [];
      for (let round = 0; round < 3; round++) {
        // Four writers creating users one after the other until auth dies under them.
        let stop = false;
        let seq = 0;
        const writers = Array.from({ length: 4 }, async () => {
          while (!stop) {
            const i = 200 + round * 100 + seq++;
            attempted.push(`chaos${tag}u${i}`);
            const made = await createUsers(i, 1);
            third.push(...made);
            if (made.length === 0) await sleep(100);
          }
        });
        await sleep(500 + Math.floor(Math.random() * 1500));
        await comps.auth.kill();
        stop = true;
        await Promise.all(writers);
        await comps.auth.start();
        backAfterMs.push(await authAnswers());
      }
      await waitFor('outbox drained', async () => (await pending()) === 0, 60_000, 200);
      await comps.lookup.start();
      const all = [...first, ...second, ...third];
      let eff;
      await waitFor('effects applied', async () => (eff = await effects(all)).d === all.length, 60_000, 250).catch(() => {});
      // A create cut off by the kill may have committed without its answer: in doubt, and it may
      // legitimately show up (once) as an effect.
      const inDoubt = attempted.filter((u) => !third.includes(u));
      await sleep(2000);
      const effInDoubt = await effects(inDoubt);
      const outboxRows = (
        await db.query(`SELECT count(*)::int AS n FROM auth.outbox WHERE position(convert_to($1, 'UTF8') IN payload) > 0`, [`chaos${tag}u`])
      ).rows[0].n;
      const events = (await published()) - publishedBefore;
      const r = {
        acknowledgedCreates: all.length,
        refusedCreates,
        pendingAtKill,
        drainedAfterRestartS: drainedS,
        authAnswersThroughGatewayAfterMs: backAfterMs,
        createdPerStep: { brokerDown: first.length, consumerDown: second.length, crashLoop: third.length },
        outboxRowsForThem: outboxRows,
        eventsPublished: events,
        effects: eff,
        inDoubt: { creates: inDoubt.length, applied: effInDoubt.d, rows: effInDoubt.n },
      };
      check(
        'outbox',
        first.length === 20 && pendingAtKill >= 20,
        `set-up: ${first.length} users created, ${pendingAtKill} pending when auth was killed`,
      );
      check('outbox', second.length === 20, `${second.length} of 20 users created while the consumer was down`);
      check('outbox', eff?.d === all.length, `${all.length} users acknowledged, ${eff?.d} in lookup's read model`);
      check('outbox', eff?.n === eff?.d, 'a user applied twice');
      check('outbox', events >= outboxRows, `${outboxRows} outbox rows but ${events} events published`);
      check('outbox', effInDoubt.n === effInDoubt.d, 'a user whose create was cut off applied twice');
      check('outbox', third.length > 0, 'the crash loop acknowledged no create (nothing interleaved)');
      results.outbox = r;
      say(`outbox: ${JSON.stringify(r)}`);
    }

    printReport(results, opts);
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ opts, cores: os.cpus().length, results, failed }, null, 2));
  } catch (err) {
    say(`failed: ${err?.stack ?? err}`);
    failed.push(String(err?.message ?? err));
  } finally {
    if (failed.length) {
      process.stdout.write(`\nFAILED:\n${failed.map((f) => `  - ${f}`).join('\n')}\n(logs kept in ${runDir})\n`);
    }
    // Set before the clean-up: if a stop there never settles, Node ends on an empty event loop
    // with this code instead of 0 (a failed run once exited 0 that way).
    process.exitCode = failed.length ? 1 : 0;
    await cleanup();
  }
  process.exit(failed.length ? 1 : 0);
}

function printReport(results, opts) {
  const lines = [
    `\nChaos under load: ${opts.vus} socket VUs × ${opts.pipeline} in flight (REST: ${Math.max(1, Math.round(opts.vus / 2))} VUs), ${opts.duration} s per scenario, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}\n`,
  ];
  const sock = (s) =>
    `socket: sent ${s.sent}, ok ${s.ok}, error ${s.errors}${Object.keys(s.errorCodes).length ? ` ${JSON.stringify(s.errorCodes)}` : ''}, lost ${s.lost}, duplicates ${s.duplicates}, p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, slowest ${s.maxMs.toFixed(0)} ms`;
  const rest = (r) =>
    `REST: 200 ${r.ok}, 503+vi ${r.unavailableVi}, other 5xx+vi ${r.other5xxVi}, 500/no-vi ${r.bad5xx}, 4xx ${r.client4xx}, no answer ${r.noAnswer}, slowest ${r.maxMs.toFixed(0)} ms`;
  const logs = (l) => `log rows ${l.n} (socket request ids ${l.with_id}, distinct ${l.distinct_ids})`;
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

main();
