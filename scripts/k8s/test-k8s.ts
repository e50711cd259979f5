/**
 * `npm run test:k8s`: the chart installed on a real two-node Kubernetes on this machine, and the
 * product used through it, in both shapes the chart offers:
 *
 *   trial       values-dev.yaml: in-cluster PostgreSQL, Redis, Kafka (images built here from
 *               Debian's packages and the tests' Kafka jars) and the carrier simulator;
 *   production  external PostgreSQL, Redis and Kafka on this host (scripts/infra's, plus a broker
 *               from the same jars), reached by the pods at the node's address.
 *
 * Each shape: helm install --wait (migrate Job completes, every Deployment/StatefulSet Ready); from
 * outside (the gateway's NodePort): admin login, REST and socket lookups with two realtime replicas,
 * a care agent's flow whose Kafka event reaches payroll's revenue report, /metrics from a pod;
 * (production) replicas on both nodes, a node drained under load (drain.ts); helm upgrade, key rotation
 * under k6 load, (trial) a backup restored (day-two.ts); a deleted pod replaced; uninstall leaves nothing.
 * Prints a table (step, time, result). Always tears down (helm uninstall, host infra, k8s:down)
 * unless K8S_KEEP=1. Run as root (the cluster needs it).
 *
 *   npm run test:k8s                       # everything, both shapes
 *   K8S_SHAPES=trial npm run test:k8s      # one shape
 *   K8S_KEEP=1 npm run test:k8s            # leave the cluster up afterwards (npm run k8s:down)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { adminPassword, api, base, ENV, kc, log, login, node, NODE_PORT, RELEASE, restLookup, ROOT, run, runAsync, sh, STATE, until } from './harness';
import { restoreSteps, rotationSteps, underLoad } from './day-two';
import { drainStep, spreadStep } from './drain';
import { HostInfra, startHostInfra } from './host-infra';
import { metricsOf, openSocket, socketLookups } from './socket-replicas';
import { vnDisplayDay } from '@cskh/kit';

const SHAPES = (process.env.K8S_SHAPES || 'trial,production').split(',').map((s) => s.trim()).filter(Boolean);
const KEEP = process.env.K8S_KEEP === '1';
const TWO_NODES = process.env.K8S_NODES !== '1'; // scripts/k8s/lib.sh: the second node unless K8S_NODES=1
/**
 * Which groups of steps run after the install (default all): `checks` (REST, socket, care flow,
 * metrics, a deleted pod), `drain`, `upgrade`, `rotation`, `restore` — e.g. K8S_STEPS=drain,upgrade
 * with K8S_KEEP=1 to measure one roll again without the rest.
 */
const STEPS = (process.env.K8S_STEPS || 'checks,drain,upgrade,rotation,restore').split(',').map((s) => s.trim());
const runs = (group: string) => STEPS.includes(group);

// ---------------------------------------------------------------------------------------------
// steps and the table

type Row = { shape: string; step: string; secs: number; result: string; ok: boolean };
const rows: Row[] = [];
let currentShape = '-';
let currentNs = '';

async function step<T>(name: string, fn: () => Promise<T> | T, describe?: (v: T) => string): Promise<T> {
  const t0 = Date.now();
  log(`▶ ${currentShape}: ${name}`);
  try {
    const v = await fn();
    const secs = (Date.now() - t0) / 1000;
    const result = describe ? describe(v) : typeof v === 'string' ? v : 'ok';
    rows.push({ shape: currentShape, step: name, secs, result, ok: true });
    log(`✔ ${currentShape}: ${name} (${secs.toFixed(1)} s) ${result}`);
    return v;
  } catch (e) {
    const secs = (Date.now() - t0) / 1000;
    const msg = (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 160);
    rows.push({ shape: currentShape, step: name, secs, result: `FAILED: ${msg}`, ok: false });
    log(`✘ ${currentShape}: ${name} failed after ${secs.toFixed(1)} s\n${e instanceof Error ? e.stack || e.message : e}`);
    if (currentNs) diagnose(currentNs);
    throw e;
  }
}

function printTable() {
  const head = ['shape', 'step', 'time', 'result'];
  const body = rows.map((r) => [r.shape, r.step, `${r.secs.toFixed(1)} s`, r.result]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => (i === 2 ? x.padStart(w[i]) : x.padEnd(w[i]))).join(' | ')} |`;
  const out = [line(head), `|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`, ...body.map(line)].join('\n');
  process.stdout.write(`\n== test:k8s\n${out}\n`);
  try {
    fs.writeFileSync(path.join(STATE, 'test-k8s-table.md'), `${out}\n`);
  } catch { /* state dir gone */ }
}

function diagnose(ns: string) {
  const d = (title: string, cmd: string) => {
    const r = spawnSync('bash', ['-c', cmd], { encoding: 'utf8', env: ENV, maxBuffer: 64 << 20 });
    process.stderr.write(`\n---- ${title}\n${(r.stdout || '') + (r.stderr || '')}`.slice(0, 20000));
  };
  d('pods', `kubectl -n ${ns} get pods -o wide`);
  d('jobs, deployments, statefulsets', `kubectl -n ${ns} get jobs,deploy,sts,pvc`);
  d('recent events', `kubectl -n ${ns} get events --sort-by=.lastTimestamp | tail -40`);
  // describe + logs of every pod that is not Ready
  const bad = spawnSync('bash', ['-c', `kubectl -n ${ns} get pods -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type=="Ready")].status} {.status.phase}{"\\n"}{end}'`], { encoding: 'utf8', env: ENV })
    .stdout?.split('\n').filter((l) => l && !/ True /.test(l) && !/Succeeded$/.test(l)).map((l) => l.split(' ')[0]) ?? [];
  for (const p of bad.slice(0, 6)) {
    d(`describe pod ${p}`, `kubectl -n ${ns} describe pod ${p} | tail -40`);
    d(`logs ${p}`, `kubectl -n ${ns} logs ${p} --all-containers --tail=60; kubectl -n ${ns} logs ${p} --all-containers --previous --tail=40 2>/dev/null`);
  }
}

/** import → division → take next → care result → registration; its Kafka event reaches payroll's revenue report. */
async function careFlow(ns: string, admin: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const roles = await api<{ values: Array<{ id: string; priority: number }> }>('/api/v1/role?page=1&count=100', admin);
  const roleOf = (p: number) => roles.values.find((r) => r.priority === p)!.id;
  const ZERO = '00000000-0000-0000-0000-000000000000';
  const branchUser = `cn${tag}`;
  const seller = `nvkd${tag}`;
  const branch = await api<{ id: string }>('/api/v1/users', admin, {
    fullname: 'Chi Nhánh K8s', username: branchUser, password: 'Matkhau@1', email: `${branchUser}@cskh.vn`, phone: '', brand: ZERO, group: ZERO, role: roleOf(3),
  });
  await api('/api/v1/users', admin, {
    fullname: 'Nhân Viên K8s', username: seller, password: 'Matkhau@1', email: `${seller}@cskh.vn`, phone: '', brand: branch.id, group: ZERO, role: roleOf(5),
  });
  await until('care learns the new staff (auth → Kafka → care)', 60, async () => {
    const staff = await api<{ values: Array<{ username: string }> }>('/api/v1/care/staff', admin);
    return [branchUser, seller].every((u) => staff.values.some((s) => s.username === u));
  }, 500);
  // import (the upload screen's call), then divide it to the salesperson
  // the carrier simulator refuses registrations for numbers ending in 9 (a deterministic "no credit")
  const phone = `09${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${Math.floor(Math.random() * 9)}`;
  const fileName = `k8s-${tag}.xlsx`;
  await api(`/api/v1/customer/import?file_name=${fileName}&first_row=2`, admin, [
    { phone, type: 'MC', package: 'V90', registerAt: '01/01/2025', expiredAt: '01/02/2025', packageCycle: '1', state: 'ACTIVE', packageCanRegister: 'V120' },
  ]);
  const uploads = await api<{ values: Array<{ id: string; filename?: string; file_name?: string; name?: string }> }>('/api/v1/upload?page=1&count=1000', admin);
  const upload = uploads.values.find((u) => JSON.stringify(u).includes(fileName));
  if (!upload) throw new Error(`upload ${fileName} not listed`);
  const assigned = await api<{ assigned: number }>(`/api/v1/customer/assign?upload_id=${upload.id}`, admin, [{ username: seller, count: 1 }]);
  if (Number(assigned.assigned) !== 1) throw new Error(`division assigned ${JSON.stringify(assigned)}`);
  // the agent takes the next customer and records the result
  const agent = await login(seller, 'Matkhau@1');
  const next = await api<{ value?: { customer?: { id: string; phone: string } } }>('/api/v1/customer/new-care', agent);
  const customer = next.value?.customer;
  if (!customer?.id) throw new Error(`take next gave no customer: ${JSON.stringify(next).slice(0, 200)}`);
  await api(`/api/v1/customer/${customer.id}/care`, agent, { status: 'APPROVED', package: 'MXH120' });
  // the registration (care's direct-registration channel) is the sale: care → outbox → Kafka → payroll
  await api('/api/v1/vas/mobifone/invite', admin, { type: 'dk', phone, package: 'MXH120', command: 'DK' });
  const today = vnDisplayDay(Date.now());
  const row = await until('the registration in payroll\'s revenue report', 90, async () => {
    const r = await api<{ values: Array<{ so_dien_thoai_cs: string; goi_cuoc: string; doanh_thu: number }> }>(
      `/api/v1/report90849332?page=1&count=50&startDate=${today}&endDate=${today}`, admin);
    return r.values.find((v) => v.so_dien_thoai_cs?.slice(-5) === phone.slice(-5) && /MXH120/i.test(v.goi_cuoc));
  }, 1000);
  return `customer ${phone.slice(0, 4)}… imported, divided to ${seller}, taken, APPROVED, registered; payroll shows ${row.goi_cuoc} ${row.doanh_thu}`;
}

async function scrapeMetrics(ns: string) {
  // as Prometheus does: each pod's own address, the metrics port (the NodePort spreads requests
  // over both gateway pods, so the request series may be on either)
  const pods = kc(`-n ${ns} get pods -l app.kubernetes.io/component=gateway -o jsonpath='{range .items[*]}{.metadata.name} {.status.podIP}{"\\n"}{end}'`).split('\n').filter(Boolean);
  const seen: string[] = [];
  for (const p of pods) {
    const [name, ip] = p.split(' ');
    const text = await metricsOf(ip);
    const samples = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
    const series = text.split('\n').filter((l) => l.startsWith('cskh_http_request_duration_seconds_count')).length;
    if (!samples) throw new Error(`${name} (${ip}:9464) served no samples`);
    seen.push(`${name.replace(/^cskh-gateway-/, '…')} ${samples} samples/${series} request series`);
  }
  if (!seen.some((x) => !x.endsWith(' 0 request series'))) throw new Error(`no cskh_http_request_duration_seconds series on any gateway pod: ${seen.join('; ')}`);
  return `gateway pods at <pod IP>:9464: ${seen.join('; ')}`;
}

// ---------------------------------------------------------------------------------------------
// the shapes

const IMAGE_REPO = 'localhost/cskh';

function valuesFor(shape: string, infra?: HostInfra): string {
  // Production shape on a 2-core node: the default CPU requests (2 × 100–200 m per component,
  // 2.6 cores in all, plus a surge pod per rolling Deployment) do not fit; memory stays. Scaled
  // down, the lookup path (gateway, realtime, lookup, and the carrier's stand-in) keeps more weight
  // than the back-office services (6:1 here, 2:1 in values.yaml): a drain starts ten pods at once
  // on the node that stays, and with equal weights the pods serving lookups got a tenth of it.
  const lookupPath = shape === 'production' ? '\n    resources: { requests: { cpu: 150m, memory: 192Mi }, limits: { memory: 768Mi } }' : '';
  const common = `
image: { repository: ${IMAGE_REPO}, pullPolicy: IfNotPresent }
# No ingress controller on this node: the gateway's NodePort is how a browser reaches it.
components:
  gateway:
    replicas: 2
    service: { sessionAffinity: None, type: NodePort, nodePort: ${NODE_PORT} }${lookupPath}
  realtime:
    replicas: 2${lookupPath}${lookupPath && `\n  lookup:${lookupPath}`}
  carrier-sim:
    enabled: true${lookupPath}
`;
  const dev = `
postgresql: { image: { repository: localhost/cskh-k8s/postgres, tag: bookworm }, persistence: { size: 1Gi } }
redis: { image: { repository: localhost/cskh-k8s/redis, tag: bookworm }, persistence: { size: 1Gi } }
kafka: { image: { repository: localhost/cskh-k8s/kafka, tag: bookworm }, persistence: { size: 1Gi } }
`;
  const prod = `
componentDefaults:
  resources: { requests: { cpu: 25m, memory: 192Mi }, limits: { memory: 768Mi } }
migrations:
  resources: { requests: { cpu: 25m, memory: 192Mi }, limits: { memory: 768Mi } }
kafka:
  external: { brokers: "${infra?.env.KAFKA_BROKERS ?? ''}", ports: [${infra?.env.KAFKA_BROKERS.split(':')[1] ?? 9092}] }
`;
  const file = path.join(STATE, `values-${shape}.yaml`);
  fs.writeFileSync(file, common + (shape === 'trial' ? dev : prod));
  return file;
}

function helmArgs(shape: string, values: string, tag: string) {
  const dev = shape === 'trial' ? '-f helm/cskh/values-dev.yaml' : '';
  // components.gateway / realtime replicas: the dev file turns their autoscaling off; production keeps its HPAs (min 2)
  return `${dev} -f ${values} --set-string image.tag=${tag}`; // a short commit id may be all digits
}

/** helm install --wait, and the migrate Job's completion (a hook deleted once it succeeds, so watched while Helm runs). */
async function installRelease(ns: string, shape: string, values: string, tag: string) {
  let migrated = '';
  const watcher = setInterval(() => {
    // pre-install hook `cskh-migrate` (external database) or the install's own `cskh-migrate-install` (in-cluster)
    for (const job of [`${RELEASE}-migrate`, `${RELEASE}-migrate-install`]) {
      const r = spawnSync('bash', ['-c', `kubectl -n ${ns} get job ${job} -o jsonpath='{.status.succeeded} {.status.completionTime} {.status.startTime}'`], { encoding: 'utf8', env: ENV });
      if (r.status === 0 && r.stdout.startsWith('1 ')) {
        const [, done, start] = r.stdout.trim().split(' ');
        migrated = `Job ${job} completed in ${Math.round((Date.parse(done) - Date.parse(start)) / 1000)} s`;
      }
    }
  }, 1000);
  try {
    await runAsync(`helm install ${RELEASE} helm/cskh -n ${ns} ${helmArgs(shape, values, tag)} --wait --timeout 12m`);
    if (!migrated && shape === 'trial') {
      // the install's own Job runs beside the services: they can be Ready (their own schema
      // migrated) a moment before the Job has finished every service's migrations
      await runAsync(`kubectl -n ${ns} wait --for=condition=complete job/${RELEASE}-migrate-install --timeout=300s`);
      const [done, start] = kc(`-n ${ns} get job ${RELEASE}-migrate-install -o jsonpath='{.status.completionTime} {.status.startTime}'`).split(' ');
      migrated = `Job ${RELEASE}-migrate-install completed in ${Math.round((Date.parse(done) - Date.parse(start)) / 1000)} s`;
    }
    // a hook Job is deleted as soon as it succeeds (and Helm fails the install when it does not)
    return migrated || 'pre-install hook Job cskh-migrate succeeded';
  } finally {
    clearInterval(watcher);
  }
}

async function shapeRun(shape: string, tags: { a: string; b: string }) {
  currentShape = shape;
  const ns = `cskh-${shape}`;
  currentNs = ns;
  let infra: HostInfra | undefined;
  let installed = false;
  try {
    kc(`delete ns ${ns} --ignore-not-found --wait=true --timeout=120s`, { allowFail: true });
    kc(`create ns ${ns}`);
    kc(`label ns ${ns} cskh-k8s/test=true`);
    if (shape === 'production') {
      infra = await step('host PostgreSQL, Redis, Kafka on the node address', startHostInfra, (i) => `${i.env.DATABASE_URL.replace(/:[^:@/]*@/, ':…@')} ${i.env.REDIS_URL} ${i.env.KAFKA_BROKERS}`);
      kc(`-n ${ns} create secret generic cskh-database --from-literal=database-url='${infra.env.DATABASE_URL}'`);
      kc(`-n ${ns} create secret generic cskh-redis --from-literal=redis-url='${infra.env.REDIS_URL}'`);
    }
    const values = valuesFor(shape, infra);
    installed = true;
    await step('helm install --wait', () => installRelease(ns, shape, values, tags.a));
    await step('every Deployment and StatefulSet Ready', async () => {
      // realtime and gateway at 2 replicas (HPA min in production: the HPA may still be scaling)
      await until('2 realtime and 2 gateway pods ready', 180, () =>
        ['realtime', 'gateway'].every((c) => Number(kc(`-n ${ns} get deploy ${RELEASE}-${c} -o jsonpath='{.status.readyReplicas}'`) || 0) >= 2));
      const list = kc(`-n ${ns} get deploy,sts -o name`).split('\n').filter(Boolean);
      for (const o of list) kc(`-n ${ns} rollout status ${o} --timeout=180s`);
      return `${list.length} workloads ready`;
    });
    node.ip = node.ip || sh('bash -c ". scripts/k8s/lib.sh; node_ip"');
    const password = adminPassword(ns);
    let token = '';
    await step('admin login (NodePort)', async () => {
      token = await until('admin login', 60, () => login('admin', password).catch((e) => { throw e; }), 2000);
      return `${base()} → token`;
    });
    await step('REST lookup', () => until('REST lookup', 60, () => restLookup(token), 2000));
    if (runs('checks')) {
      await step('socket lookups across 2 realtime replicas', () => socketLookups(ns, token));
      await step('care flow → Kafka → payroll revenue', () => careFlow(ns, token));
      await step('/metrics scraped from a pod', () => scrapeMetrics(ns));
    }
    if (shape === 'production' && TWO_NODES && runs('drain')) for (const s of [spreadStep(ns), drainStep(ns, token)]) await step(s.name, s.run);
    if (runs('upgrade')) await step(`helm upgrade to tag ${tags.b} under k6 load`, async () => {
      const { value: secs, load } = await underLoad(ns, `upgrade-${shape}`, [token], async () => {
        const t0 = Date.now();
        await runAsync(`helm upgrade ${RELEASE} helm/cskh -n ${ns} ${helmArgs(shape, values, tags.b)} --wait --timeout 12m`);
        return ((Date.now() - t0) / 1000).toFixed(0);
      });
      const notNew = kc(`-n ${ns} get deploy -o jsonpath='{range .items[*]}{.spec.template.spec.containers[0].image}{"\\n"}{end}'`).split('\n').filter((i) => i && !i.endsWith(`:${tags.b}`));
      if (notNew.length) throw new Error(`deployments not on ${tags.b}: ${notNew.join(', ')}`);
      return `rolled in ${secs} s; ${load}`;
    });
    const socketCheck = async (t: string) => {
      const sk = await openSocket(t, `k8s-rotation-${Date.now()}`);
      await sk.lookups(3, 0).finally(() => sk.close());
    };
    if (runs('rotation')) for (const s of rotationSteps(ns, password, token, socketCheck)) await step(s.name, s.run);
    // the rotation ended the first token's key: the restore and the steps after use a fresh login
    token = await login('admin', password);
    if (runs('checks')) await step('deleted pod replaced, product answers', async () => {
      // name=Ready=deletionTimestamp of each lookup pod (pods of the upgrade may still be terminating)
      const lookupPods = () => kc(`-n ${ns} get pods -l app.kubernetes.io/component=lookup -o jsonpath='{range .items[*]}{.metadata.name}={.status.conditions[?(@.type=="Ready")].status}={.metadata.deletionTimestamp} {end}'`).split(' ').filter(Boolean);
      const listed = lookupPods();
      const before = listed.map((p) => p.split('=')[0]);
      const victim = listed.find((p) => p.endsWith('=True='))?.split('=')[0];
      if (!victim) throw new Error(`no ready lookup pod to delete: ${listed.join(' ')}`);
      kc(`-n ${ns} delete pod ${victim} --wait=false`);
      const t0 = Date.now();
      await until('a new lookup pod ready in its place', 180, () =>
        lookupPods().some((p) => !before.includes(p.split('=')[0]) && p.endsWith('=True=')));
      const secs = ((Date.now() - t0) / 1000).toFixed(0);
      await until('REST lookup after the replacement', 60, () => restLookup(token), 1000);
      return `${victim} deleted; replacement Ready in ${secs} s; lookups answer`;
    });
    if (shape === 'trial' && runs('restore')) for (const s of restoreSteps(ns, password, token, () => installRelease(ns, shape, values, tags.b))) await step(s.name, s.run);
    await step('helm uninstall leaves no object of the release', async () => {
      sh(`helm uninstall ${RELEASE} -n ${ns} --wait --timeout 5m`);
      installed = false;
      const left = await until('release objects gone', 120, () => {
        const all = kc(`-n ${ns} get all,cm,ingress,networkpolicy,pdb,hpa,sa,role,rolebinding,job -l app.kubernetes.io/instance=${RELEASE} -o name`, { allowFail: true });
        return all ? false : 'none';
      }, 2000);
      const kept = kc(`-n ${ns} get secret,pvc -l app.kubernetes.io/instance=${RELEASE} -o name`, { allowFail: true }).split('\n').filter(Boolean);
      return `${left} left; kept on purpose (chart docs): ${kept.length ? kept.join(', ') : 'nothing'}`;
    });
  } finally {
    if (installed) sh(`helm uninstall ${RELEASE} -n ${ns} --wait --timeout 3m`, { allowFail: true });
    kc(`delete ns ${ns} --wait=true --timeout=120s`, { allowFail: true });
    if (infra) await infra.stop().catch((e) => log(`host infra stop: ${e}`));
    currentNs = '';
  }
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('test:k8s runs a cluster on this machine: run it as root');
  const t0 = Date.now();
  let failed = false;
  const tags = { a: '', b: '' };
  try {
    currentShape = 'setup';
    const timingsFile = path.join(STATE, 'timings');
    const timingsFrom = fs.existsSync(timingsFile) ? fs.statSync(timingsFile).size : 0;
    const lastTiming = (k: string) => (fs.existsSync(timingsFile) ? fs.readFileSync(timingsFile, 'utf8').slice(timingsFrom) : '')
      .split('\n').filter((l) => l.startsWith(`${k} `)).pop()?.split(' ')[1];
    const rev = sh('git rev-parse --short HEAD', { allowFail: true }) || 'local';
    tags.a = `${rev}`;
    tags.b = `${rev}-b`;
    await step('Debian packages (containerd, runc, CNI plugins, iptables, podman, debootstrap)', () => run('bash scripts/k8s/cluster.sh deps'));
    // The Go builds (CPU) and the image builds (mostly network) overlap: a cold machine waits for
    // the longer of the two, not their sum.
    await Promise.all([
      step('Go builds (Kubernetes, etcd, CoreDNS, pause, helm)', () => run('bash scripts/k8s/cluster.sh build'), () =>
        ['build-kubernetes', 'build-etcd', 'build-coredns'].map((k) => `${k.slice(6)} ${lastTiming(k) ? `${lastTiming(k)} s` : 'cached'}`).join(', ')),
      (async () => {
        await step('image build (base stand-in + Dockerfile, podman)', () => run(`bash scripts/k8s/images.sh app ${tags.a}`), () =>
          `${fs.readFileSync(path.join(STATE, 'images/app/summary'), 'utf8').trim().replace(/, OCI archive.*/, '')}; base stand-in ${lastTiming('base-stand-in') ? `${lastTiming('base-stand-in')} s` : 'cached'}`);
        await step('dependency images (PostgreSQL, Redis, Kafka)', () => run('bash scripts/k8s/images.sh deps'), () => (lastTiming('deps-images') ? `built in ${lastTiming('deps-images')} s` : 'cached'));
        await step('k6 (load-tests/install-k6.sh)', () => sh('bash load-tests/install-k6.sh </dev/null').split('\n').pop()!);
      })(),
    ]);
    await step('cluster up (guard, containerd, control plane, kubelet, kube-proxy, CoreDNS)', () => run('bash scripts/k8s/cluster.sh up'), () => `node Ready, CoreDNS ready in ${lastTiming('cluster-up') ?? '?'} s`);
    node.ip = sh('bash -c ". scripts/k8s/lib.sh; node_ip"');
    await step('images imported into containerd (each node\'s)', () => {
      const sockets = sh('. scripts/k8s/lib.sh; . scripts/k8s/second-node.sh; echo $SOCK; [ $K8S_NODES = 1 ] || echo $N2_SOCK').split('\n');
      for (const ctr of sockets.map((sock) => `ctr -a ${sock} -n k8s.io`)) {
        sh(`${ctr} images import --base-name ${IMAGE_REPO} ${STATE}/images/app/cskh.tar`);
        for (const d of ['postgres', 'redis', 'kafka']) sh(`${ctr} images import --base-name localhost/cskh-k8s/${d} ${STATE}/images/deps/${d}.tar`);
        sh(`${ctr} images tag --force ${IMAGE_REPO}:${tags.a} ${IMAGE_REPO}:${tags.b}`);
        const list = sh(`${ctr} images ls -q | grep -E '^localhost/'`).split('\n');
        const missing = [`${IMAGE_REPO}:${tags.a}`, `${IMAGE_REPO}:${tags.b}`, ...['postgres', 'redis', 'kafka'].map((d) => `localhost/cskh-k8s/${d}:bookworm`)].filter((w) => !list.includes(w));
        if (missing.length) throw new Error(`${missing.join(', ')} not in containerd of ${ctr} (have: ${list.join(' ')})`);
      }
      return `${IMAGE_REPO}:${tags.a} (+ tag ${tags.b}), postgres, redis, kafka on ${sockets.length} node(s)`;
    });
    for (const shape of SHAPES) {
      try {
        await shapeRun(shape, tags);
      } catch {
        failed = true;
      }
    }
  } catch {
    failed = true;
  } finally {
    currentShape = 'teardown';
    currentNs = '';
    if (!KEEP) await step('cluster down', () => run('bash scripts/k8s/cluster.sh down')).catch(() => { failed = true; });
    rows.push({ shape: 'total', step: '', secs: (Date.now() - t0) / 1000, result: failed ? 'FAILED' : 'passed', ok: !failed });
    printTable();
  }
  process.exitCode = failed ? 1 : 0;
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`${sig}: tearing down`);
    spawnSync('bash', ['scripts/k8s/cluster.sh', 'down'], { cwd: ROOT, env: ENV, stdio: 'inherit' });
    process.exit(130);
  });
}

main().catch((e) => {
  log(String(e?.stack || e));
  process.exitCode = 1;
});
