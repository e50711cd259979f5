// The chaos run's world: the infrastructure scripts/infra started, taken over so that a scenario
// can stop and start each piece again; the lookup path, one process per component, with two
// realtime replicas behind a balancer; and what every scenario uses: load around a fault, the
// log rows counted back, the invariants checked.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { login as gatewayLogin, runK6Summary } from '../../load-tests/api';
import type { Say } from '../../load-tests/cli';
import { carrierLogin, productEnv, runPassword } from '../../load-tests/product';
import type { RunningInfra } from '../infra/index';
import { sleep } from '../wait.mjs';
import { http, restFigures, RestFigures, socketFigures, SocketFigures } from './observe';
import { adopt, childrenMatching, startComponents } from './procs';
import { tcpProbe } from '../infra/processes';

export interface ChaosOptions {
  only: string[];
  vus: number;
  duration: number;
  pipeline: number;
  json?: string;
  keepLogs: boolean;
}

type Piece = ReturnType<typeof adopt>;
export type PieceName = 'postgres' | 'redis' | 'kafka';

/** scripts/infra's redis-server, started again as the chart runs it: same port and directory, append-only file on. */
function adoptRedis(pid: number, port: number, logFile: string): Piece {
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

/** The infrastructure, taken over: its pieces, clients of its own to watch them, the product's environment. */
export async function takeOver(opts: ChaosOptions, infra: RunningInfra, runDir: string, say: Say) {
  const infraEnv = { DATABASE_URL: '', REDIS_URL: '', KAFKA_BROKERS: '', ...infra.env };
  const redisPort = Number(new URL(infraEnv.REDIS_URL).port);
  // The pieces scripts/infra started, taken over so that they can be stopped and started again.
  const pieces: Record<PieceName, Piece> = {
    postgres: adopt(childrenMatching(process.pid, /bin\/postgres -D/)[0], path.join(runDir, 'postgres.log')),
    redis: adoptRedis(childrenMatching(process.pid, /redis-server/)[0], redisPort, path.join(runDir, 'redis.log')),
    kafka: adopt(childrenMatching(process.pid, /kafka\.Kafka/)[0], path.join(runDir, 'kafka.log')),
  };
  /** Pieces re-spawned by a scenario: ours to stop; the originals are scripts/infra's. */
  const restarted = new Set<PieceName>();
  // The chart runs Redis with its append-only file (helm/cskh/templates/dependencies.yaml): so here.
  const redisAdmin = new Redis(infraEnv.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  redisAdmin.on('error', () => {});
  await redisAdmin.connect();
  await redisAdmin.config('SET', 'appendonly', 'yes');
  const kafkaPort = Number(infraEnv.KAFKA_BROKERS.split(':').pop());
  const db = new pg.Pool({ connectionString: infraEnv.DATABASE_URL, max: 2 });
  db.on('error', () => {});
  const prefix = `chaos-${randomBytes(3).toString('hex')}.`;
  const kafka = new Kafka({ clientId: 'chaos', brokers: [infraEnv.KAFKA_BROKERS], logLevel: logLevel.NOTHING, retry: { retries: 2 } });
  const kafkaReady = async () => {
    if (!(await tcpProbe(kafkaPort))) return false;
    const admin = kafka.admin();
    try {
      await admin.connect();
      return (await admin.describeCluster()).brokers.length > 0 && (await admin.describeGroups(['chaos-probe']), true);
    } finally {
      await admin.disconnect().catch(() => {});
    }
  };
  const adminPassword = runPassword('Chaos');
  const failed: string[] = [];
  const env = productEnv(infra.env, adminPassword, {
    NODE_ENV: 'production',
    METRICS_PORT: '0',
    KAFKA_TOPIC_PREFIX: prefix,
    ...carrierLogin('chaos-carrier', 'chaos-carrier-secret'),
    // A request the tier cannot complete is answered with a timeout error by then (default 30 s).
    REPLY_TIMEOUT_MS: '20000',
    SHUTDOWN_GRACE_MS: '3000',
  });
  return {
    opts,
    say,
    runDir,
    infra,
    databaseUrl: infraEnv.DATABASE_URL,
    redisPort,
    pieces,
    redisAdmin,
    db,
    prefix,
    kafka,
    kafkaReady,
    adminPassword,
    env,
    /** What broke an invariant, by scenario. */
    failed,
    /** Starts a stopped piece again (the same command line); the clean-up stops it. */
    startAgain(name: PieceName) {
      pieces[name].start();
      restarted.add(name);
    },
    /** Everything the run started or took over, stopped (the logs kept when anything failed or --keep-logs). */
    async cleanup(stack?: { stop: () => Promise<void> }) {
      await stack?.stop().catch(() => {});
      await redisAdmin.quit().catch(() => {});
      await db.end().catch(() => {});
      for (const name of restarted) await pieces[name].stop(name === 'postgres' ? 'SIGINT' : 'SIGTERM').catch(() => {});
      await infra.stop().catch(() => {});
      if (!opts.keepLogs && failed.length === 0) fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
export type Ground = Awaited<ReturnType<typeof takeOver>>;

/** The log rows of the lookups made as admin in a time window. */
interface LogRows {
  n: number;
  with_id: number;
  distinct_ids: number;
}

/** What a run under load saw: socket (and REST) figures, the log rows counted back, whether k6 wrote its summary. */
export interface UnderLoad {
  socket: SocketFigures;
  rest?: RestFigures;
  logRows: LogRows;
  k6Failed?: boolean;
}

/** The lookup path started on the ground (two realtime replicas behind a balancer), logged in, with the scenarios' tools. */
export async function startLookupPath(g: Ground, k6: string, onStack: (stack: { stop: () => Promise<void> }) => void) {
  const { opts, env, runDir, say, db, failed } = g;
  say('starting components (one process each)…');
  // Two realtime replicas behind a TCP balancer (the Kubernetes Service).
  const stack = await startComponents({ env, logDir: runDir, realtimeReplicas: 2, say });
  onStack(stack);
  /** What the scenarios kill and start again (procs.ts startComponents). */
  const comps = { carrier: stack.carrier, auth: stack.auth, lookup: stack.lookup, rtA: stack.realtime[0], rtB: stack.realtime[1] };
  const base = stack.url;
  const login = (username = 'admin', password = g.adminPassword) => gatewayLogin(base, username, password);
  const token = await login();
  const k6Env = <E extends Record<string, string>>(extra: E) => ({ BASE_URL: base, TOKEN: token, ...extra });

  /** Socket (and optionally REST) load for opts.duration seconds around `fault(t0)`. */
  const underLoad = async <F extends object>(
    name: string,
    { rest = false, fault }: { rest?: boolean; fault: (t0: number) => Promise<F> },
  ): Promise<UnderLoad & F> => {
    const t0 = Date.now();
    const since = new Date(t0 - 1000);
    const logFile = path.join(runDir, `${name}-k6.log`);
    const socketEnv = {
      VUS: String(opts.vus),
      DURATION: String(opts.duration),
      PIPELINE: String(opts.pipeline),
      TAG: name,
      SUMMARY_FILE: path.join(runDir, `${name}-socket.json`),
      REPLY_WAIT_MS: '40000',
    };
    const socketRun = runK6Summary(k6, path.join(__dirname, 'k6', 'socket-lookups.js'), k6Env(socketEnv), logFile);
    const restEnv = {
      VUS: String(Math.max(1, Math.round(opts.vus / 2))),
      DURATION: String(opts.duration),
      SUMMARY_FILE: path.join(runDir, `${name}-rest.json`),
    };
    const restRun = rest ? runK6Summary(k6, path.join(__dirname, 'k6', 'rest-lookups.js'), k6Env(restEnv), logFile) : undefined;
    const faultFigures = await fault(t0);
    const [sock, restDone] = await Promise.all([socketRun, restRun]);
    const until = new Date();
    // Every lookup answered 200 wrote its log row before the answer left: count them back.
    const [rows] = (
      await db.query<LogRows>(
        `SELECT count(*)::int AS n, count(request_id)::int AS with_id, count(DISTINCT request_id)::int AS distinct_ids
         FROM lookup.lookup_log WHERE created_at >= $1 AND created_at <= $2 AND username = 'admin'`,
        [since, until],
      )
    ).rows;
    const out: UnderLoad & F = {
      socket: socketFigures(sock.summary),
      ...(restDone ? { rest: restFigures(restDone.summary) } : {}),
      logRows: rows,
      ...faultFigures,
    };
    if (!sock.summary) out.k6Failed = true;
    return out;
  };

  const check = (scenario: string, ok: boolean, what: string) => {
    if (!ok) failed.push(`${scenario}: ${what}`);
    return ok;
  };
  /** What must hold after any scenario: nothing lost or doubled, every acknowledged lookup logged, REST failing only in Vietnamese. */
  const socketInvariants = (name: string, r: UnderLoad) => {
    check(name, !r.k6Failed, 'k6 wrote no summary');
    check(name, r.socket.sent > 0, 'no lookup sent');
    check(name, r.socket.lost === 0, `${r.socket.lost} socket lookups lost (never answered)`);
    check(name, r.socket.duplicates === 0, `${r.socket.duplicates} duplicate replies`);
    check(name, r.socket.ok + r.socket.errors === r.socket.sent, `sent ${r.socket.sent} ≠ answered ${r.socket.ok + r.socket.errors}`);
    const okTotal = r.socket.ok + (r.rest?.ok ?? 0);
    check(name, r.logRows.n >= okTotal, `${okTotal} lookups answered 200 but ${r.logRows.n} log rows (acknowledged writes lost)`);
    check(name, r.logRows.with_id === r.logRows.distinct_ids, `${r.logRows.with_id - r.logRows.distinct_ids} socket requests logged twice`);
    if (r.rest) {
      check(name, r.rest.bad5xx === 0, `${r.rest.bad5xx} REST answers 500 or 5xx without a Vietnamese msg`);
      check(name, r.rest.noAnswer === 0, `${r.rest.noAnswer} REST requests without an answer`);
    }
  };
  /** Until `s` seconds after t0. */
  const at = (t0: number, s: number) => sleep(Math.max(0, t0 + s * 1000 - Date.now()));
  const httpReady = (port: number, p: string) => async () =>
    (await http('GET', `http://127.0.0.1:${port}${p}`, { timeoutMs: 1000 })).status === 200;
  return {
    ...g,
    stack,
    comps,
    base,
    token,
    gwPort: stack.gatewayPort,
    rtPorts: stack.realtimePorts,
    login,
    underLoad,
    check,
    socketInvariants,
    at,
    httpReady,
  };
}
export type World = Awaited<ReturnType<typeof startLookupPath>>;
