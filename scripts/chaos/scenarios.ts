// The chaos run's scenarios that break one piece under load, each a function of the world
// (world.ts): it makes the fault, checks the invariants and answers its figures.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sleep, waitFor } from '../wait.mjs';
import { Envelope, http, timeline, VIETNAMESE } from './observe';
import { tcpProbe } from '../infra/processes';
import type { World } from './world';

/** (a) The Kafka broker stopped ~10 s during socket and REST lookups. */
export async function kafkaStopped(w: World) {
  w.say('scenario kafka: broker stopped ~10 s during socket lookups');
  const r = await w.underLoad('kafka', {
    rest: true,
    fault: async (t0) => {
      await w.at(t0, 8);
      const stoppedAt = Date.now();
      await w.pieces.kafka.stop('SIGTERM');
      const downAt = Date.now();
      await w.at(t0, 18);
      w.startAgain('kafka');
      await waitFor('kafka back', w.kafkaReady, 90_000, 250);
      const upAt = Date.now();
      return { brokerDownS: (upAt - downAt) / 1000, brokerStopTookS: (downAt - stoppedAt) / 1000 };
    },
  });
  w.socketInvariants('kafka', r);
  // A request made while the broker is away is answered once it is back, within its deadline
  // (REPLY_TIMEOUT_MS): checked when the outage, from the stop's start, left it 5 s to spare.
  if ((r.brokerStopTookS + r.brokerDownS) * 1000 + 5000 <= Number(w.env.REPLY_TIMEOUT_MS))
    w.check(
      'kafka',
      !r.socket.errorCodes.TIMEOUT,
      `${r.socket.errorCodes.TIMEOUT} socket lookups answered TIMEOUT (broker down ${r.brokerDownS.toFixed(1)} s)`,
    );
  return r;
}

/** (b) One of the two realtime replicas killed (SIGKILL), started again 10 s later. */
export async function realtimeKilled(w: World) {
  w.say('scenario realtime: one of two replicas killed (SIGKILL), restarted 10 s later');
  const r = await w.underLoad('realtime', {
    fault: async (t0) => {
      await w.at(t0, 8);
      await w.comps.rtA.kill();
      await w.at(t0, 18);
      await w.comps.rtA.start();
      return {};
    },
  });
  w.socketInvariants('realtime', r);
  w.check('realtime', r.socket.drops > 0, 'no connection dropped (did the kill hit a replica with clients?)');
  w.check('realtime', r.socket.reconnects >= r.socket.drops, `${r.socket.drops} drops but ${r.socket.reconnects} reconnects`);
  w.check('realtime', r.socket.reconnectMaxMs <= 5000, `a client took ${r.socket.reconnectMaxMs} ms to reconnect (> 5 s)`);
  // What was in flight on the dead replica's sockets is sent again on reconnecting, and answered.
  w.check('realtime', !r.socket.errorCodes.TIMEOUT, `${r.socket.errorCodes.TIMEOUT} socket lookups answered TIMEOUT`);
  w.check(
    'realtime',
    r.socket.resentAnswerMaxMs <= 2000,
    `a re-sent lookup was answered ${r.socket.resentAnswerMaxMs.toFixed(0)} ms after its re-send (> 2 s)`,
  );
  return r;
}

/** (c) PostgreSQL stopped ~10 s during socket and REST lookups: 503 in Vietnamese meanwhile, readiness showing it, back after. */
export async function postgresStopped(w: World) {
  w.say('scenario postgres: PostgreSQL stopped ~10 s during socket and REST lookups');
  // The first answer of 500 or more while PostgreSQL was away, as a user would have read it.
  const seen: { sample503: { status: number; body: Envelope | null } | null } = { sample503: null };
  const lookupAnswers = (timeoutMs?: number) =>
    http('GET', `${w.base}/api/v1/lookup/balance?phone=0912345678`, { token: w.token, timeoutMs });
  const r = await w.underLoad('postgres', {
    rest: true,
    fault: async (t0) => {
      // Readiness as Kubernetes reads it: each service's gRPC health (through the gateway's report).
      const ready = timeline(t0, async () => {
        const s = await http('GET', `${w.base}/healthz/services`, { timeoutMs: 3000 });
        return s.json?.services?.lookup ?? `HTTP ${s.status}`;
      });
      const answers = timeline(t0, async () => {
        const a = await lookupAnswers(35_000);
        if (a.status >= 500 && !seen.sample503) seen.sample503 = { status: a.status, body: a.json };
        return a.status;
      });
      await w.at(t0, 8);
      await w.pieces.postgres.stop('SIGINT'); // fast shutdown: what a restart or a failover does
      const downAt = Date.now() - t0;
      await w.at(t0, 18);
      w.startAgain('postgres');
      await waitFor(
        'postgres back',
        async () => {
          const c = new pg.Client({ connectionString: w.databaseUrl });
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
      await waitFor('lookup answers again', async () => (await lookupAnswers()).status === 200, 60_000, 200);
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
        sample503: seen.sample503,
      };
    },
  });
  w.socketInvariants('postgres', r);
  w.check('postgres', (r.rest?.unavailableVi ?? 0) > 0, 'no 503 with a Vietnamese msg while PostgreSQL was down');
  w.check(
    'postgres',
    r.readiness.some((c) => c.value === 'NOT_SERVING'),
    'readiness never showed the outage',
  );
  w.check('postgres', r.readiness.at(-1)?.value === 'SERVING', 'readiness did not come back');
  w.check('postgres', !!r.sample503 && VIETNAMESE.test(r.sample503.body?.msg ?? ''), 'the 503 has no Vietnamese msg');
  return r;
}

/** (d) Redis stopped ~5 s: revocations and login limits hold before, fail closed during, hold again after. */
export async function redisStopped(w: World) {
  const { base, token } = w;
  w.say('scenario redis: Redis stopped ~5 s; revocations and login limits before, during and after');
  const r = await w.underLoad('redis', {
    rest: true,
    fault: async (t0) => {
      // A revoked session (logout) and an account out of login attempts, before the restart.
      const revoked = await w.login();
      const lo = await http('POST', `${base}/api/v1/auth/logout`, { token: revoked, body: {} });
      const limitedUser = `chaos-nobody-${randomBytes(2).toString('hex')}`;
      const wrongLogin = () => http('POST', `${base}/api/v1/auth/login`, { body: { username: limitedUser, password: 'wrong-password' } });
      let limitStatus = 0;
      for (let i = 0; i < 6; i++) limitStatus = (await wrongLogin()).status;
      const before = {
        logout: lo.status,
        revokedToken: (await http('GET', `${base}/api/v1/auth/me`, { token: revoked })).status,
        limitedLogin: limitStatus,
      };
      const probes = async () => ({
        validToken: await http('GET', `${base}/api/v1/auth/me`, { token }),
        revokedToken: await http('GET', `${base}/api/v1/auth/me`, { token: revoked }),
        limitedLogin: await wrongLogin(),
      });
      await w.at(t0, 8);
      await w.redisAdmin.bgrewriteaof().catch(() => {});
      await w.pieces.redis.stop('SIGTERM');
      await sleep(1000);
      const d = await probes();
      const during = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, { status: v.status, msg: v.json?.msg }]));
      await w.at(t0, 13);
      w.startAgain('redis');
      await waitFor('redis back', () => tcpProbe(w.redisPort), 30_000, 100);
      await waitFor('gateway ready again', w.httpReady(w.gwPort, '/readyz'), 30_000, 200);
      const a = await probes();
      const after = { validToken: a.validToken.status, revokedToken: a.revokedToken.status, limitedLogin: a.limitedLogin.status };
      const realtimeReady = { a: await w.httpReady(w.rtPorts[0], '/readyz')(), b: await w.httpReady(w.rtPorts[1], '/readyz')() };
      return { before, during, after, realtimeReady };
    },
  });
  w.socketInvariants('redis', r);
  w.check('redis', r.before.revokedToken === 401 && r.before.limitedLogin === 429, `set-up failed: ${JSON.stringify(r.before)}`);
  for (const [k, v] of Object.entries(r.during)) {
    if (k === 'validToken')
      w.check('redis', v.status === 200 || (v.status === 503 && VIETNAMESE.test(v.msg ?? '')), `valid token while Redis down: ${v.status}`);
    else
      w.check(
        'redis',
        v.status === 401 || v.status === 429 || (v.status === 503 && VIETNAMESE.test(v.msg ?? '')),
        `${k} while Redis down: ${v.status} (must fail closed)`,
      );
  }
  w.check('redis', r.after.revokedToken === 401, `revoked token after restart: ${r.after.revokedToken}`);
  w.check('redis', r.after.limitedLogin === 429, `login limit after restart: ${r.after.limitedLogin}`);
  w.check('redis', r.after.validToken === 200, `valid token after restart: ${r.after.validToken}`);
  w.check('redis', r.realtimeReady.a && r.realtimeReady.b, 'a realtime replica not ready after Redis came back');
  return r;
}
