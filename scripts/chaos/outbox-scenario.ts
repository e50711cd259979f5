// The chaos run's outbox scenario: auth killed while its outbox holds committed, unpublished
// events; lookup (a consumer of those events) killed and restarted too; then auth in a crash loop
// under a burst of creates. Every acknowledged write must reach the consumer, once.
import { randomBytes } from 'node:crypto';
import { sleep, waitFor } from '../wait.mjs';
import { http, VIETNAMESE } from './observe';
import type { World } from './world';

/** Users created through the gateway, counted: acknowledged (201) and refused in Vietnamese (503: auth down or dying). */
function userMaker(w: World, tag: string, roleId: string | number) {
  let refused = 0;
  const create = async (from: number, n: number) => {
    const made: string[] = [];
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const username = `chaos${tag}u${from + i}`;
        const res = await http('POST', `${w.base}/api/v1/users`, {
          token: w.token,
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
          w.say(`create ${username}: ${res.status} ${res.text.slice(0, 200)}`);
        else refused++;
      }),
    );
    return made;
  };
  return { create, refused: () => refused };
}

export async function outboxKilled(w: World) {
  const { db, kafka, comps } = w;
  w.say('scenario outbox: auth killed with committed, unpublished events; lookup (consumer) killed too');
  const topic = `${w.prefix}cskh.auth.user-changed`;
  const published = async () => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return (await admin.fetchTopicOffsets(topic)).reduce((n, p) => n + Number(p.high), 0);
    } finally {
      await admin.disconnect();
    }
  };
  const pending = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.outbox WHERE published_at IS NULL')).rows[0].n;
  const drained = () => waitFor('outbox drained', async () => (await pending()) === 0, 60_000, 200);
  const tag = randomBytes(2).toString('hex');
  // A role is required: a seeded one of priority 3, which needs no branch.
  const roles = await http('GET', `${w.base}/api/v1/role?page=1&count=100`, { token: w.token });
  const roleId = roles.json?.data?.values?.find((r) => r.priority === 3)?.id;
  if (!roleId) throw new Error(`outbox: no seeded role of priority 3 (${roles.status} ${roles.text.slice(0, 200)})`);
  const users = userMaker(w, tag, roleId);
  const effects = async (names: string[]) =>
    (
      await db.query<{ n: number; d: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT username)::int AS d FROM lookup.staff WHERE username = ANY($1)',
        [names],
      )
    ).rows[0];
  // How long after its process is up the gateway reaches auth again (its gRPC channel reconnects).
  const authAnswers = async () => {
    const t = Date.now();
    await waitFor(
      'auth answers through the gateway',
      async () => (await http('GET', `${w.base}/api/v1/auth/me`, { token: w.token })).status === 200,
      60_000,
      100,
    );
    return Date.now() - t;
  };
  const publishedBefore = await published();
  // 1. The relay cannot publish (broker stopped): committed users wait in auth's outbox.
  await w.pieces.kafka.stop('SIGTERM');
  const first = await users.create(0, 20);
  await sleep(1500);
  const pendingAtKill = await pending();
  // 2. Auth dies between the commit and the publish; the broker comes back; auth restarts.
  await comps.auth.kill();
  w.startAgain('kafka');
  await waitFor('kafka back', w.kafkaReady, 90_000, 250);
  const backAfterMs: number[] = [];
  const t1 = Date.now();
  await comps.auth.start();
  await drained();
  const drainedS = (Date.now() - t1) / 1000;
  backAfterMs.push(await authAnswers());
  // 3. The consumer dies too: events published while lookup is down are applied when it is back.
  await comps.lookup.kill();
  const second = await users.create(100, 20);
  await drained();
  // 4. Crash loop: auth killed at random moments of a burst of creates (commit, publish and
  //    mark interleaved), restarted each time.
  const third: string[] = [];
  const attempted: string[] = [];
  for (let round = 0; round < 3; round++) {
    // Four writers creating users one after the other until auth dies under them.
    let stop = false;
    let seq = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const i = 200 + round * 100 + seq++;
        attempted.push(`chaos${tag}u${i}`);
        const made = await users.create(i, 1);
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
  await drained();
  await comps.lookup.start();
  const all = [...first, ...second, ...third];
  // The last count read while waiting for every effect (undefined: none read).
  const applied: { eff?: { n: number; d: number } } = {};
  await waitFor('effects applied', async () => (applied.eff = await effects(all)).d === all.length, 60_000, 250).catch(() => {});
  const { eff } = applied;
  // A create cut off by the kill may have committed without its answer: in doubt, and it may
  // legitimately show up (once) as an effect.
  const inDoubt = attempted.filter((u) => !third.includes(u));
  await sleep(2000);
  const effInDoubt = await effects(inDoubt);
  const outboxRows = (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth.outbox WHERE position(convert_to($1, 'UTF8') IN payload) > 0`, [
      `chaos${tag}u`,
    ])
  ).rows[0].n;
  const events = (await published()) - publishedBefore;
  const r = {
    acknowledgedCreates: all.length,
    refusedCreates: users.refused(),
    pendingAtKill,
    drainedAfterRestartS: drainedS,
    authAnswersThroughGatewayAfterMs: backAfterMs,
    createdPerStep: { brokerDown: first.length, consumerDown: second.length, crashLoop: third.length },
    outboxRowsForThem: outboxRows,
    eventsPublished: events,
    effects: eff,
    inDoubt: { creates: inDoubt.length, applied: effInDoubt.d, rows: effInDoubt.n },
  };
  const check = (ok: boolean, what: string) => w.check('outbox', ok, what);
  check(first.length === 20 && pendingAtKill >= 20, `set-up: ${first.length} users created, ${pendingAtKill} pending when auth was killed`);
  check(second.length === 20, `${second.length} of 20 users created while the consumer was down`);
  check(eff?.d === all.length, `${all.length} users acknowledged, ${eff?.d} in lookup's read model`);
  check(eff?.n === eff?.d, 'a user applied twice');
  check(events >= outboxRows, `${outboxRows} outbox rows but ${events} events published`);
  check(effInDoubt.n === effInDoubt.d, 'a user whose create was cut off applied twice');
  check(third.length > 0, 'the crash loop acknowledged no create (nothing interleaved)');
  return r;
}
