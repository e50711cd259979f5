/**
 * What an SRE does on any week, run by `npm run test:k8s` against a live release: Deployments rolled
 * under a k6 lookup load (0 failed, 0 answered 401; a lookup slower than 2 s is reported), the signing key rotated as helm/README.md
 * says without logging anyone out, and the trial shape's database backed up, the release removed
 * with its volumes, installed again from nothing and the backup restored.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { api, base, ENV, kc, log, login, moveOutside, RELEASE, restLookup, ROOT, runAsync, sh, sleep, STATE, until } from './harness';
import { startTimeline, Timeline } from './timeline';
import { vnDisplayDay } from '@cskh/kit';

/** The slowest lookup a rolling update, a drain or a key rotation may cause: a frozen screen beyond it. */
export const SLOWEST_ALLOWED_MS = 2000;

type LoadSummary = { lookups: number; failures: number; unauthorized: number; p95: number; max: number };

/**
 * Runs `action` while k6 makes lookups with `tokens` (one per request in turn), from 5 s before it
 * to 5 s after; `action` may lay lines of its own into the step's timeline. Fails when a lookup failed or was answered 401; a lookup slower than SLOWEST_ALLOWED_MS is
 * said in the row.
 */
export async function underLoad<T>(ns: string, label: string, tokens: string[], action: (timeline: Timeline) => Promise<T>): Promise<{ value: T; load: string }> {
  const k6 = sh('bash load-tests/install-k6.sh </dev/null').split('\n').pop()!;
  const summary = path.join(STATE, `k6-${label}.json`);
  fs.rmSync(summary, { force: true });
  const k6Log = path.join(STATE, 'logs', `k6-${label}.log`);
  const out = fs.openSync(k6Log, 'w');
  const child = spawn(k6, ['run', '--no-color', '--quiet', '--address', '127.0.0.1:6565', path.join(ROOT, 'scripts/k8s/upgrade-load.js')], {
    env: { ...ENV, BASE_URL: base(), TOKEN: tokens.join(','), SUMMARY_FILE: summary, VUS: '4', K6_NO_USAGE_REPORT: 'true' },
    stdio: ['ignore', out, out],
  });
  // k6 stands for the users' browsers: outside the cluster (harness.ts moveOutside)
  if (child.pid) moveOutside([child.pid]);
  const exited = new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
  const timeline = startTimeline(ns, label);
  let recorded: ReturnType<Timeline['finish']> | undefined;
  try {
    await sleep(5000); // load running before the action starts
    const value = await action(timeline);
    await sleep(5000); // and a little after it
    await fetch('http://127.0.0.1:6565/v1/status', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'status', id: 'default', attributes: { stopped: true } } }),
    }).catch(() => child.kill('SIGINT'));
    await Promise.race([exited, sleep(60000)]);
    recorded = timeline.finish(k6Log);
    const s = JSON.parse(fs.readFileSync(summary, 'utf8')) as LoadSummary;
    if (!s.lookups) throw new Error('k6 made no lookups');
    const load = `${s.lookups} lookups, ${s.failures} failed, ${s.unauthorized} answered 401, p95 ${s.p95.toFixed(0)} ms, slowest ${s.max.toFixed(0)} ms`;
    if (s.failures) throw new Error(`${load} (${k6Log}):\n${fs.readFileSync(k6Log, 'utf8').slice(-2000)}`);
    // The 2-s target is reported, not enforced: on the 2-core CI machine the production shape's
    // surge pods starve the node for a few seconds (helm/README.md), which no code of ours waits on.
    const over = s.max > SLOWEST_ALLOWED_MS ? ` (over the ${SLOWEST_ALLOWED_MS / 1000}-s target)` : '';
    const where = recorded.slowest ? `; slowest: ${recorded.slowest}` : '';
    log(`${label}: ${load}${where}; timeline ${recorded.file}`);
    return { value, load: `${load}${over}; load average up to ${recorded.maxLoad.toFixed(0)}, CPU: ${recorded.cpu}` };
  } finally {
    if (!recorded) timeline.finish(k6Log);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------------------------
// the signing key rotated (helm/README.md "Rotate the JWT signing key")

/** The key id a token names in its header (none: signed by a single key). */
const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { kid?: string }).kid ?? 'none';

async function refused(token: string) {
  const res = await fetch(`${base()}/api/v1/lookup/balance?phone=0912345678`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30000) });
  return res.status === 401;
}

/**
 * The README's three steps, each a row of the table: set the key ring in the chart's Secret, roll
 * auth, gateway and realtime under load. The users logged in before (and at each step) keep working
 * until the old key is removed; `socketCheck` makes socket lookups with a token (realtime verifies too).
 */
export function rotationSteps(ns: string, adminPassword: string, before: string, socketCheck: (token: string) => Promise<unknown>) {
  const secretKey = 'jwt-secret';
  const oldKey = Buffer.from(kc(`-n ${ns} get secret ${RELEASE} -o jsonpath='{.data.${secretKey}}'`), 'base64').toString();
  if (!oldKey || oldKey.includes(':')) throw new Error(`expected one signing key in secret ${RELEASE}, found ${oldKey.includes(':') ? 'a key ring' : 'none'}`);
  const newKey = randomBytes(32).toString('hex');
  const setKeys = (ring: string) => kc(`-n ${ns} patch secret ${RELEASE} --type merge -p '${JSON.stringify({ stringData: { [secretKey]: ring } })}'`);
  const roll = async () => {
    kc(`-n ${ns} rollout restart deployment/${RELEASE}-auth deployment/${RELEASE}-gateway deployment/${RELEASE}-realtime`);
    for (const d of ['auth', 'gateway', 'realtime']) await runAsync(`kubectl -n ${ns} rollout status deployment/${RELEASE}-${d} --timeout=300s`);
  };
  const tokens = { before, atStep1: '', atStep2: '' };
  const works = async (names: Array<keyof typeof tokens>) => {
    for (const n of names) await until(`the token of ${n} answered`, 30, () => restLookup(tokens[n]), 1000);
    await socketCheck(tokens[names[0]]);
  };
  return [
    {
      name: 'key rotation 1/3: new key added behind the old one, rolled under load',
      run: async () => {
        const { load } = await underLoad(ns, `rotation-1-${ns}`, [tokens.before], async () => {
          setKeys(`k1:${oldKey},k2:${newKey}`);
          await roll();
        });
        tokens.atStep1 = await login('admin', adminPassword);
        if (kidOf(tokens.atStep1) !== 'k1') throw new Error(`a login after step 1 signs with ${kidOf(tokens.atStep1)}, not the old key k1`);
        await works(['before', 'atStep1']);
        return `token from before (kid ${kidOf(tokens.before)}) still works, REST and socket; logins sign with k1; ${load}`;
      },
    },
    {
      name: 'key rotation 2/3: new key signs, rolled under load',
      run: async () => {
        const { load } = await underLoad(ns, `rotation-2-${ns}`, [tokens.before, tokens.atStep1], async () => {
          setKeys(`k2:${newKey},k1:${oldKey}`);
          await roll();
        });
        tokens.atStep2 = await login('admin', adminPassword);
        if (kidOf(tokens.atStep2) !== 'k2') throw new Error(`a login after step 2 signs with ${kidOf(tokens.atStep2)}, not the new key k2`);
        await works(['before', 'atStep1', 'atStep2']);
        return `tokens from before and from step 1 still work; logins sign with k2; ${load}`;
      },
    },
    {
      name: 'key rotation 3/3: old key removed, rolled under load',
      run: async () => {
        const { load } = await underLoad(ns, `rotation-3-${ns}`, [tokens.atStep2], async () => {
          setKeys(`k2:${newKey}`);
          await roll();
        });
        await works(['atStep2']);
        const ended = (await Promise.all([tokens.before, tokens.atStep1].map(refused))).filter(Boolean).length;
        if (ended !== 2) throw new Error(`after the old key's removal ${2 - ended} of the 2 tokens it signed still work`);
        return `tokens signed with k2 work; the 2 signed with the old key answered 401 (their lifetime is over by now in real life); ${load}`;
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// a backup restored (trial shape: the in-cluster PostgreSQL)

const psql = (ns: string, sql: string) =>
  kc(`-n ${ns} exec -i ${RELEASE}-postgresql-0 -- sh -c 'psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" "$POSTGRES_DB" -At'`, { input: sql });

/** What staff would notice after a restore: rows they made, the revenue report's total, who can log in. */
async function figures(ns: string, token: string) {
  const count = (table: string) => Number(psql(ns, `select count(*) from ${table}`));
  const today = vnDisplayDay(Date.now());
  const report = await api<{ tongDoanhThu: number; count: number }>(`/api/v1/report90849332?page=1&count=20&startDate=01/01/2020&endDate=${today}`, token);
  return {
    users: count('auth.users'),
    orders: count('orders.sale_order'),
    careRecords: count('care.care_record'),
    revenue: `${report.count} rows, total ${report.tongDoanhThu}`,
  };
}

const describeFigures = (f: Awaited<ReturnType<typeof figures>>) =>
  `${f.users} users, ${f.orders} orders, ${f.careRecords} care records, revenue report ${f.revenue}`;

/**
 * helm/README.md's backup (pg_dump in the PostgreSQL pod, and the chart's Secret: the passwords and
 * the key that encrypts the system accounts' passwords), the release uninstalled and its volumes
 * deleted, installed again from nothing with that Secret, the dump restored with the writers stopped.
 */
export function restoreSteps(ns: string, adminPassword: string, token: string, install: () => Promise<unknown>) {
  const dir = path.join(STATE, 'backup');
  const dump = path.join(dir, 'cskh.dump');
  const secret = path.join(dir, 'secret.json');
  let before: Awaited<ReturnType<typeof figures>>;
  let seller = '';
  return [
    {
      name: 'backup: pg_dump of the live release + the chart Secret',
      run: async () => {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
        before = await figures(ns, token);
        seller = psql(ns, "select username from auth.users where username like 'nvkd%' order by username limit 1");
        await runAsync(`kubectl -n ${ns} exec ${RELEASE}-postgresql-0 -- sh -c 'pg_dump -Fc -U "$POSTGRES_USER" "$POSTGRES_DB"' > ${dump}`);
        const live = JSON.parse(kc(`-n ${ns} get secret ${RELEASE} -o json`)) as { metadata: Record<string, unknown> };
        const { name, labels, annotations } = live.metadata;
        fs.writeFileSync(secret, JSON.stringify({ ...live, metadata: { name, labels, annotations } }));
        return `${(fs.statSync(dump).size / 1024).toFixed(0)} KiB dump; ${describeFigures(before)}`;
      },
    },
    {
      name: 'uninstall with volumes, install again from nothing',
      run: async () => {
        await runAsync(`helm uninstall ${RELEASE} -n ${ns} --wait --timeout 5m`);
        kc(`-n ${ns} delete pvc,secret -l app.kubernetes.io/instance=${RELEASE} --wait=true --timeout=120s`);
        await until('the release volumes gone', 120, () => !kc(`get pv -o jsonpath='{range .items[?(@.spec.claimRef.namespace=="${ns}")]}{.metadata.name} {end}'`), 2000);
        kc(`-n ${ns} apply -f ${secret}`);
        await install();
        const fresh = Number(psql(ns, 'select count(*) from auth.users'));
        if (fresh >= before.users) throw new Error(`the new database already holds ${fresh} users (the backup: ${before.users}): the old volume was not deleted`);
        return `volumes and Secret deleted, the Secret of the backup put back, installed: ${fresh} user(s) in the new database`;
      },
    },
    {
      name: 'backup restored, the product answers with the same data',
      run: async () => {
        const deployments = kc(`-n ${ns} get deploy -o jsonpath='{range .items[*]}{.metadata.name}={.spec.replicas} {end}'`).split(' ').filter(Boolean);
        kc(`-n ${ns} scale deploy --all --replicas=0`);
        const running = () => kc(`-n ${ns} get pods --field-selector=status.phase=Running -o name`).split('\n').filter(Boolean);
        await until('every Deployment pod gone', 180, () => running().every((p) => /-(postgresql|redis|kafka)-0$/.test(p)), 2000);
        await runAsync(`kubectl -n ${ns} exec -i ${RELEASE}-postgresql-0 -- sh -c 'pg_restore --clean --if-exists --single-transaction -U "$POSTGRES_USER" -d "$POSTGRES_DB"' < ${dump}`);
        for (const d of deployments) kc(`-n ${ns} scale deploy ${d.split('=')[0]} --replicas=${d.split('=')[1]}`);
        for (const d of deployments) await runAsync(`kubectl -n ${ns} rollout status deploy/${d.split('=')[0]} --timeout=300s`);
        const admin = await until('admin login after the restore', 120, () => login('admin', adminPassword), 2000);
        await until('the token of before the backup answered', 60, () => restLookup(token), 1000);
        const after = await figures(ns, admin);
        if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`after the restore: ${describeFigures(after)}; before: ${describeFigures(before)}`);
        log(`restore: ${describeFigures(after)}`);
        if (!seller) throw new Error('no salesperson of the care flow in the backup to log in as');
        await login(seller, 'Matkhau@1');
        return `${describeFigures(after)} as before; admin and ${seller} log in; the token of before answers`;
      },
    },
  ];
}
